'use strict';
// Send in a real n8n (issues 25, 32, 36): an Idempotency Key sends once across executions (one
// after the other, at the same time, and a retried execution from n8n's list); the same key
// with other content is refused before any upload; keys are held by Fax.Plus past repeats and
// refusals, also once their faxes left the outbox; a second Send node keeps keys of its own;
// Remove Duplicates at scope Workflow beside Send works as beside the Webhook node alone, and
// values it records suppress no send. Refused destinations upload nothing, and Wait for Final
// Status reports success, failure and a fax still queued at the limit. Keys in flight are marked
// in n8n's own processed-data store (n8n 2.x and 1.123.x).

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const {
	credRef,
	webhookWorkflow,
	deployWebhookWorkflow,
	outputOf,
	errorOf,
	apiRequests,
	assertSuccess,
	uid,
} = require('./lib');

const NODE = 'Send';

const outboxPosts = (server, from) =>
	apiRequests(server, from).filter(
		(r) => r.method === 'POST' && r.path === '/v3/accounts/self/outbox',
	);
const uploads = (server, from) =>
	apiRequests(server, from).filter(
		(r) => r.method === 'POST' && r.path === '/v3/accounts/self/files',
	);

function sendNode(pat, options, extra = {}) {
	return {
		name: NODE,
		parameters: {
			authentication: 'accessToken',
			resource: 'fax',
			operation: 'send',
			userId: 'self',
			to: '={{ $json.body.to }}',
			from: { __rl: true, mode: 'number', value: '+15551230001' },
			documentSource: 'text',
			documentText: '={{ $json.body.text }}',
			options,
			...extra,
		},
		credentials: credRef('faxPlusApi', pat),
	};
}

/** Fax.Plus sends every fax in the outbox: they leave it for the sent list. */
async function finishOutbox(server) {
	for (const id of Object.keys(server.state.outbox)) {
		const r = await fetch(`${server.origin}/_control/outbox/finish`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ id }),
		});
		assert.equal(r.status, 200, await r.text());
	}
}

/** Webhook → Split Out (body.orders) → `nodes`: one execution sends several items. */
function splitWorkflow(name, nodes) {
	return webhookWorkflow({
		name,
		path: uid('send-split'),
		nodes: [
			{
				name: 'Split Out',
				type: 'n8n-nodes-base.splitOut',
				parameters: { fieldToSplitOut: 'body.orders', options: {} },
			},
			...nodes,
		],
	});
}

/** n8n's Remove Duplicates, "Remove Items Processed in Previous Executions" at scope Workflow. */
function removeDuplicatesNode(name, logic, value, options = {}) {
	return {
		name,
		type: 'n8n-nodes-base.removeDuplicates',
		typeVersion: 2,
		parameters: {
			operation: 'removeItemsSeenInPreviousExecutions',
			logic,
			...(logic === 'removeItemsWithAlreadySeenKeyValues'
				? { dedupeValue: value }
				: { incrementalDedupeValue: value }),
			options: { scope: 'workflow', ...options },
		},
	};
}

/** What each item of a Send with On Error → Continue answered: sent, duplicate or the error. */
const outcomes = (execution) =>
	(outputOf(execution, NODE) ?? []).map(({ json }) =>
		json.duplicate ? 'duplicate' : json.error ? `error: ${json.error}` : 'sent',
	);

module.exports = async function sendOnce(t) {
	const { check, n8n, server } = t;
	server.reset();
	let pat;
	await check('send-once: create the PAT credential', async () => {
		pat = await n8n.createCredential('Fax.Plus PAT (send-once e2e)', 'faxPlusApi', {
			accessToken: server.tokens.pat,
			baseUrl: server.baseUrl,
		});
	});

	let keyed;
	await check(
		'send-once: the same key in two executions, one after the other, sends once',
		async () => {
			keyed = await deployWebhookWorkflow(
				n8n,
				webhookWorkflow({
					name: 'Send once (e2e)',
					path: uid('send-once'),
					nodes: [sendNode(pat, { idempotencyKey: '={{ $json.body.orderId }}' })],
				}),
			);
			const from = server.requests.length;
			const body = { orderId: 'order-1', to: '+4930123456', text: 'Lab results' };
			const first = await keyed.run(body);
			const second = await keyed.run(body);
			assertSuccess(first.execution);
			assertSuccess(second.execution);
			assert.equal(outboxPosts(server, from).length, 1);
			assert.equal(uploads(server, from).length, 1);
			const [a] = outputOf(first.execution, NODE);
			const [b] = outputOf(second.execution, NODE);
			assert.equal(a.json.duplicate, undefined);
			assert.equal(b.json.duplicate, true);
			assert.equal(b.json.outboxFaxId, a.json.outboxFaxId);
			assert.equal(b.json.idempotencyKey, 'order-1');
		},
	);

	await check('send-once: the same key in two executions at the same time sends once', async () => {
		const from = server.requests.length;
		const body = { orderId: 'order-2', to: '+4930123456', text: 'Discharge letter' };
		const [x, y] = await Promise.all([keyed.run(body), keyed.run(body)]);
		assert.equal(outboxPosts(server, from).length, 1);
		const outputs = [...(x.body ?? []), ...(y.body ?? [])];
		assert.equal(outputs.filter((o) => o.duplicate === true).length, 1, JSON.stringify(outputs));
	});

	await check(
		'send-once: the same key with other content is refused before any upload, naming what differs; the same content answers duplicate',
		async () => {
			const body = { orderId: 'order-3', to: '+4930123456', text: 'Invoice 3' };
			const first = await keyed.run(body);
			assertSuccess(first.execution);
			const from = server.requests.length;
			const other = await keyed.run({ ...body, text: 'Invoice 3, corrected' });
			assert.equal(other.execution.status, 'error');
			assert.equal(
				errorOf(other.execution).message,
				'Idempotency Key "order-3" was already used for another send: the documents differ',
			);
			const numbers = await keyed.run({ ...body, to: '+15551234567' });
			assert.match(errorOf(numbers.execution).message, /the destinations \(To\) differ$/);
			// Only look-ups reached Fax.Plus: no upload, no outbox request.
			assert.deepEqual(
				apiRequests(server, from).filter((r) => r.method !== 'GET'),
				[],
			);
			// Positive controls: the same content is a duplicate; a new key sends.
			const again = await keyed.run(body);
			assertSuccess(again.execution);
			assert.equal(outputOf(again.execution, NODE)[0].json.duplicate, true);
			assert.equal(outboxPosts(server, from).length, 0);
			const fresh = await keyed.run({ ...body, orderId: 'order-4', text: 'Invoice 3, corrected' });
			assertSuccess(fresh.execution);
			assert.equal(outboxPosts(server, from).length, 1);
			assert.equal(uploads(server, from).length, 1);
		},
	);

	await check(
		'send-once: keys are held by Fax.Plus through repeats and refusals, also after their faxes left the outbox',
		async () => {
			const deployed = await deployWebhookWorkflow(
				n8n,
				splitWorkflow('Send past the key history (e2e)', [
					{
						...sendNode(
							pat,
							{ idempotencyKey: '={{ $json.key }}' },
							{ to: '+4930123456', documentText: '={{ $json.text }}' },
						),
						continueOnFail: true,
					},
				]),
			);
			const order = (key, text = `Letter ${key}`) => ({ key, text });
			const from = server.requests.length;
			// Repeats and a refusal between them.
			const atCap = await deployed.run({
				orders: [
					order('p1'),
					order('p2'),
					order('p1'),
					order('p2'),
					order('p1', 'Other letter'),
					order('p2', 'Other letter'),
					order('p1'),
					order('p2'),
				],
			});
			assertSuccess(atCap.execution);
			const refused = (key) =>
				`error: Idempotency Key "${key}" was already used for another send: the documents differ`;
			assert.deepEqual(outcomes(atCap.execution), [
				'sent',
				'sent',
				'duplicate',
				'duplicate',
				refused('p1'),
				refused('p2'),
				'duplicate',
				'duplicate',
			]);
			assert.equal(outboxPosts(server, from).length, 2);
			await finishOutbox(server);
			// Sent: the sent faxes keep the marker in their comment. A third key sends.
			const past = await deployed.run({
				orders: [order('p3'), order('p2'), order('p1'), order('p3'), order('p2')],
			});
			assertSuccess(past.execution);
			assert.deepEqual(outcomes(past.execution), [
				'sent',
				'duplicate',
				'duplicate',
				'duplicate',
				'duplicate',
			]);
			assert.equal(outboxPosts(server, from).length, 3);
		},
	);

	await check(
		'send-once: two Send nodes with one key: each node keeps keys of its own and sends once',
		async () => {
			const second = sendNode(
				pat,
				{ idempotencyKey: "={{ $('Webhook').item.json.body.orderId }}" },
				{
					to: "={{ $('Webhook').item.json.body.to }}",
					documentText: "={{ $('Webhook').item.json.body.text }}",
				},
			);
			const deployed = await deployWebhookWorkflow(
				n8n,
				webhookWorkflow({
					name: 'Two Send nodes, one key (e2e)',
					path: uid('send-two'),
					nodes: [
						sendNode(pat, { idempotencyKey: '={{ $json.body.orderId }}' }),
						{ ...second, name: 'Send again' },
					],
				}),
			);
			const from = server.requests.length;
			const body = { orderId: 'order-two', to: '+4930123456', text: 'Referral' };
			const run1 = await deployed.run(body);
			assertSuccess(run1.execution);
			const [a] = outputOf(run1.execution, NODE);
			const [b] = outputOf(run1.execution, 'Send again');
			assert.equal(a.json.duplicate, undefined);
			assert.equal(b.json.duplicate, undefined);
			assert.notEqual(b.json.commentTag, a.json.commentTag);
			assert.equal(outboxPosts(server, from).length, 2);
			// After the faxes left the outbox, Fax.Plus's sent faxes still hold each node's key.
			await finishOutbox(server);
			const run2 = await deployed.run(body);
			assertSuccess(run2.execution);
			assert.equal(outputOf(run2.execution, NODE)[0].json.duplicate, true);
			assert.equal(outputOf(run2.execution, 'Send again')[0].json.duplicate, true);
			assert.equal(outboxPosts(server, from).length, 2);
			// Positive control: a new key faxes once per node.
			const run3 = await deployed.run({ ...body, orderId: 'order-two-b' });
			assertSuccess(run3.execution);
			assert.equal(outboxPosts(server, from).length, 4);
		},
	);

	await check(
		'send-once: Remove Duplicates at scope Workflow beside Send (entries and latest, history 10) works as beside the Webhook node alone',
		async () => {
			const orders = (ns) => ns.map((n) => ({ key: `rd-${n}`, n, text: `Order ${n}` }));
			const shapes = {
				entries: removeDuplicatesNode(
					'Remove Duplicates',
					'removeItemsWithAlreadySeenKeyValues',
					"={{ $('Split Out').item.json.key }}",
					{ historySize: 10 },
				),
				latest: removeDuplicatesNode(
					'Remove Duplicates',
					'removeItemsUpToStoredIncrementalKey',
					"={{ $('Split Out').item.json.n }}",
				),
			};
			/** The orders Remove Duplicates kept in each run (by the Split Out item they come from). */
			const keptPerRun = {};
			const from = server.requests.length;
			for (const [mode, removeDuplicates] of Object.entries(shapes)) {
				for (const shape of ['after Send', 'alone']) {
					// The text differs per shape, so the two Send nodes' faxes carry other tags.
					const send = sendNode(
						pat,
						{ idempotencyKey: '={{ $json.key }}' },
						{ to: '+4930123456', documentText: `={{ $json.text }} (${mode})` },
					);
					const deployed = await deployWebhookWorkflow(
						n8n,
						splitWorkflow(
							`Remove Duplicates (${mode}) ${shape} (e2e)`,
							shape === 'alone' ? [removeDuplicates] : [send, removeDuplicates],
						),
					);
					// Six sends (each marks its key in Send's own record while in flight), then a repeat and a new one.
					const runs = [
						await deployed.run({ orders: orders([1, 2, 3, 4, 5, 6]) }),
						await deployed.run({ orders: orders([3, 7]) }),
					];
					for (const r of runs) assertSuccess(r.execution);
					keptPerRun[`${mode} ${shape}`] = runs.map((r) =>
						(outputOf(r.execution, 'Remove Duplicates') ?? []).map((item) => item.pairedItem?.item),
					);
					if (shape === 'after Send') {
						assert.deepEqual(outcomes(runs[0].execution), Array(6).fill('sent'));
						assert.deepEqual(outcomes(runs[1].execution), ['duplicate', 'sent']);
					}
				}
				// The user's values only: the first run keeps all six, the second only the new order.
				assert.deepEqual(keptPerRun[`${mode} alone`], [[0, 1, 2, 3, 4, 5], [1]]);
				assert.deepEqual(
					keptPerRun[`${mode} after Send`],
					keptPerRun[`${mode} alone`],
					JSON.stringify(keptPerRun),
				);
			}
			assert.equal(outboxPosts(server, from).length, 14);
		},
	);

	await check(
		"send-once: values Remove Duplicates records at scope Workflow (even Send's own entry) suppress no send",
		async () => {
			const key = 'forged-1';
			// A string in the shape of Send's own entries, recorded by another node.
			const taken = `send-key:${crypto.createHash('sha256').update(key).digest('hex').slice(0, 24)}:flight:0`;
			const deployed = await deployWebhookWorkflow(
				n8n,
				webhookWorkflow({
					name: 'Remove Duplicates before Send (e2e)',
					path: uid('send-forge'),
					nodes: [
						removeDuplicatesNode(
							'Remove Duplicates',
							'removeItemsWithAlreadySeenKeyValues',
							'={{ $json.body.forge }}',
						),
						sendNode(pat, { idempotencyKey: '={{ $json.body.orderId }}' }),
					],
				}),
			);
			const from = server.requests.length;
			const body = { orderId: key, to: '+4930123456', text: 'Forged?', forge: taken };
			const sent = await deployed.run(body);
			assertSuccess(sent.execution);
			assert.equal(outputOf(sent.execution, NODE)[0].json.duplicate, undefined);
			assert.equal(outboxPosts(server, from).length, 1);
			// Positive control: Fax.Plus answers the repeat (another forge value passes Remove Duplicates).
			const again = await deployed.run({ ...body, forge: `${taken}-2` });
			assertSuccess(again.execution);
			assert.equal(outputOf(again.execution, NODE)[0].json.duplicate, true);
			assert.equal(outboxPosts(server, from).length, 1);
		},
	);

	await check('send-once: a retried execution does not send its first item again', async () => {
		// Two items; the second is refused (Allowed Destinations), so the node fails after sending the first.
		const wf = webhookWorkflow({
			name: 'Send once, retried (e2e)',
			path: uid('send-retry'),
			nodes: [
				{
					name: 'Split',
					type: 'n8n-nodes-base.splitOut',
					parameters: { fieldToSplitOut: 'body.orders', options: {} },
				},
				sendNode(
					pat,
					{ idempotencyKey: '={{ $json.orderId }}', allowedDestinations: '+49' },
					{ to: '={{ $json.to }}', documentText: '={{ $json.text }}' },
				),
			],
		});
		const deployed = await deployWebhookWorkflow(n8n, wf);
		const from = server.requests.length;
		const failed = await deployed.run({
			orders: [
				{ orderId: 'r-1', to: '+4930123456', text: 'First' },
				{ orderId: 'r-2', to: '+33144556677', text: 'Second' },
			],
		});
		assert.equal(failed.execution.status, 'error');
		assert.match(errorOf(failed.execution).message, /\+33144556677 is not an allowed destination/);
		assert.equal(outboxPosts(server, from).length, 1);
		await n8n.rest('POST', `/executions/${failed.execution.id}/retry`, { loadWorkflow: false });
		const list = await n8n.waitForExecutions(deployed.id, 2);
		const retried = list[list.length - 1];
		assert.equal(retried.mode, 'retry');
		// The retry runs the node again with both items: the first is a duplicate, the second refused again.
		assert.equal(outboxPosts(server, from).length, 1);
		assert.equal(uploads(server, from).length, 1);
	});

	await check('send-once: a refused destination uploads nothing and names the number', async () => {
		const deployed = await deployWebhookWorkflow(
			n8n,
			webhookWorkflow({
				name: 'Send within bounds (e2e)',
				path: uid('send-bounds'),
				nodes: [sendNode(pat, { allowedDestinations: '+1, +4930', maxDestinations: 2 })],
			}),
		);
		const from = server.requests.length;
		const refused = await deployed.run({ to: '+449001234567', text: 'Hi' });
		assert.equal(refused.execution.status, 'error');
		assert.match(
			errorOf(refused.execution).message,
			/\+449001234567 is not an allowed destination/,
		);
		const tooMany = await deployed.run({ to: '+15551234567,+15551234568,+4930123456', text: 'Hi' });
		assert.equal(tooMany.execution.status, 'error');
		assert.match(errorOf(tooMany.execution).message, /at most 2 per fax/);
		assert.deepEqual(apiRequests(server, from), []);
		const allowed = await deployed.run({ to: '+4930123456', text: 'Hi' });
		assertSuccess(allowed.execution);
		assert.equal(outboxPosts(server, from).length, 1);
	});

	await check(
		'send-once: Wait for Final Status reports success, failure, and a fax still queued at the limit',
		async () => {
			// Faxes to these numbers leave the outbox at once, as sent faxes with these statuses.
			for (const [to, status] of [
				['+15557770001', 'success'],
				['+15557770002', 'failed_no_answer'],
			]) {
				const r = await fetch(`${server.origin}/_control/outbox/plan`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ to, status, afterReads: 0 }),
				});
				assert.equal(r.status, 204);
			}
			const deployed = await deployWebhookWorkflow(
				n8n,
				webhookWorkflow({
					name: 'Send and wait (e2e)',
					path: uid('send-wait'),
					nodes: [sendNode(pat, { waitForFinalStatus: true, maxStatusChecks: 1 })],
				}),
			);
			const run = await deployed.run({
				to: '+15557770001, +15557770002, +15557770003',
				text: 'Referral',
			});
			assertSuccess(run.execution);
			const items = outputOf(run.execution, NODE).map((i) => i.json);
			assert.deepEqual(
				items.map((i) => [i.to, i.status, i.final, i.statusRetryable]),
				[
					['+15557770001', 'success', true, false],
					['+15557770002', 'failed_no_answer', true, true],
					['+15557770003', 'submitted', false, null],
				],
			);
			assert.ok(items[0].faxId && server.state.faxes[items[0].faxId], 'no sent fax for success');
			assert.equal(server.state.faxes[items[1].faxId].status, 'failed_no_answer');
			assert.equal(items[2].faxId, null);
			assert.match(items[2].statusMeaning, /Not finished after 1 checks/);
		},
	);
};
// Both n8n lines: the Idempotency Key's guarantee rests on n8n's processed-data store, which each
// line implements itself.
module.exports.n8nLines = [1, 2];
