'use strict';
// Send in a real n8n (issue 25): an Idempotency Key sends once across executions (one after
// the other, at the same time, and a retried execution from n8n's list), refused destinations
// upload nothing, and Wait for Final Status reports success, failure and a fax still queued
// at the limit. The record is n8n's own processed-data store (n8n 2.x and 1.123.x).

const assert = require('node:assert/strict');
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
			assert.deepEqual(b.json.ids, a.json.ids);
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
