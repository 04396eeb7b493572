'use strict';
// "Never miss a fax": a workflow with the Fax.Plus Trigger and the Fax.Plus Polling Trigger
// (every 5 s) in a real n8n. Both record each fax event in the workflow's record in n8n's
// processed-data store, so each fax reaches the workflow exactly once, whether its delivery
// arrived, was lost (refused 401 while the signing secret was not pasted, or never sent), or
// was sent twice; and a delivery that comes after the polling trigger passed the fax on starts
// nothing that reaches the next node. Then the two on separate branches: each passes the fax on
// (twice in all).

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { TRIGGER, credRef, outputOf, pollingTriggerNode } = require('./lib');
const { waitFor } = require('../../support/checks');

const WEBHOOK = 'Fax.Plus Trigger';
const POLL = 'Fax.Plus Polling Trigger';
const NEXT = 'Received';
const WAIT_MS = 120000;

module.exports = async function pairing(t) {
	const { check, n8n, server, ctx } = t;
	server.reset();
	const s = { webhookId: crypto.randomUUID() };

	async function addFax(fields) {
		const res = await fetch(`${server.origin}/_control/faxes`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(fields),
		});
		assert.equal(res.status, 200, await res.clone().text());
	}

	/** How many items with each fax id reached the node after the triggers. */
	async function reached(wf = s.wf, next = [NEXT]) {
		const counts = new Map();
		for (const execution of await n8n.executions(wf.id))
			for (const item of next.flatMap((name) => outputOf(execution, name) ?? []))
				counts.set(item.json.faxId, (counts.get(item.json.faxId) ?? 0) + 1);
		return counts;
	}

	async function waitReached(faxId) {
		await waitFor(
			async () => (await reached()).has(faxId),
			`${faxId} reached the workflow`,
			WAIT_MS,
		);
	}

	/** Waits for two more inbox polls and for every run to finish. */
	async function settle(wf = s.wf) {
		const mark = server.requests.length;
		await waitFor(
			() =>
				server.requests
					.slice(mark)
					// A poll's first page has no `before` (it reads on until a page brings nothing new).
					.filter(
						(r) =>
							r.path === '/v3/accounts/self/faxes' &&
							r.query.category === 'inbox' &&
							!r.query.before,
					).length >= 2,
			'two more polls',
			WAIT_MS,
		);
		await waitFor(
			async () =>
				(await n8n.executions(wf.id, { includeData: false })).every(
					(e) => e.status !== 'running' && e.status !== 'new',
				),
			'every run finished',
			WAIT_MS,
		);
	}

	/** The Fax.Plus Trigger node, with the PAT and the signing secret credential. */
	const webhookTrigger = (webhookId, events) => ({
		id: crypto.randomUUID(),
		name: WEBHOOK,
		type: TRIGGER,
		typeVersion: 1,
		position: [0, 0],
		webhookId,
		parameters: { authentication: 'accessToken', events, channels: '', options: {} },
		credentials: {
			...credRef('faxPlusApi', s.pat),
			...credRef('faxPlusWebhookSecretApi', s.secretCred),
		},
	});

	const deliver = async (opts) => {
		const [result] = await server.deliver(opts);
		return result;
	};

	await check(
		'pairing: a workflow with both triggers, the signing secret not pasted yet',
		async () => {
			s.pat =
				ctx.patCredential ??
				(await n8n.createCredential('Fax.Plus PAT (pairing e2e)', 'faxPlusApi', {
					accessToken: server.tokens.pat,
					baseUrl: server.baseUrl,
				}));
			s.secretCred = await n8n.createCredential(
				'Fax.Plus signing secret (pairing e2e)',
				'faxPlusWebhookSecretApi',
				{ secret: `whsec_${crypto.randomBytes(24).toString('base64')}` },
			);
			const events = ['fax_received', 'fax_sent'];
			const { node: poll } = pollingTriggerNode({
				name: POLL,
				pat: s.pat,
				parameters: { events, channels: '' },
			});
			s.wf = await n8n.importWorkflow({
				name: 'e2e never miss a fax',
				nodes: [
					webhookTrigger(s.webhookId, events),
					{ ...poll, position: [0, 200] },
					{
						id: crypto.randomUUID(),
						name: NEXT,
						type: 'n8n-nodes-base.noOp',
						typeVersion: 1,
						position: [240, 100],
						parameters: {},
					},
				],
				connections: {
					[WEBHOOK]: { main: [[{ node: NEXT, type: 'main', index: 0 }]] },
					[POLL]: { main: [[{ node: NEXT, type: 'main', index: 0 }]] },
				},
			});
			await n8n.activate(s.wf.id);
			await waitFor(
				() => Object.values(server.state.webhooks).length > 0,
				'an endpoint at the server',
			);
			await n8n.waitForWebhook(`${s.webhookId}/webhook`);
			s.endpoint = Object.values(server.state.webhooks)[0];
			// The activation's poll ran: what is listed from now on is new.
			await waitFor(
				() => server.requests.some((r) => r.path === '/v3/accounts/self/faxes'),
				'the activation poll',
			);
		},
	);
	if (!s.wf) return;

	await check(
		'pairing: each fax reaches the workflow exactly once, whether its delivery arrived, was lost or was sent twice',
		async () => {
			// Lost: refused while the secret is not pasted (Fax.Plus gives up after its retries).
			const refused = await deliver({ event: 'fax_received', data: { id: 'fax_pair_401' } });
			assert.deepEqual(
				refused.attempts.map((a) => a.status),
				[401],
			);
			await n8n.updateCredential(s.secretCred.id, {
				name: s.secretCred.name,
				type: 'faxPlusWebhookSecretApi',
				data: { secret: server.getEndpointSecret(s.endpoint.id) },
			});
			// Arrived.
			const arrived = await deliver({ event: 'fax_received', data: { id: 'fax_pair_ok' } });
			assert.equal(arrived.attempts.at(-1).status, 200);
			await waitReached('fax_pair_ok');
			// Lost: never sent at all.
			await addFax({ id: 'fax_pair_never_sent' });
			// Sent twice: a replay with the same webhook-id, and another webhook-id for the same fax event.
			const twice = await deliver({ event: 'fax_sent', data: { id: 'fax_pair_twice' } });
			await server.replay(twice.webhookId);
			await deliver({ event: 'fax_sent', data: { id: 'fax_pair_twice' } });
			await waitReached('fax_pair_401');
			await waitReached('fax_pair_never_sent');
			await settle();
			// Late: Fax.Plus delivers the refused fax after all, once the polling trigger passed it on.
			const late = await deliver({ event: 'fax_received', data: { id: 'fax_pair_401' } });
			assert.equal(late.attempts.at(-1).status, 200);
			await settle();
			const counts = await reached();
			assert.deepEqual(Object.fromEntries([...counts].sort()), {
				fax_pair_401: 1,
				fax_pair_never_sent: 1,
				fax_pair_ok: 1,
				fax_pair_twice: 1,
			});
			// Which trigger brought each: the webhook the ones delivered, the poll the lost ones.
			const by = {};
			for (const execution of await n8n.executions(s.wf.id))
				for (const node of [WEBHOOK, POLL])
					for (const item of outputOf(execution, node) ?? []) by[item.json.faxId] = node;
			assert.equal(by.fax_pair_ok, WEBHOOK);
			assert.equal(by.fax_pair_twice, WEBHOOK);
			assert.equal(by.fax_pair_401, POLL);
			assert.equal(by.fax_pair_never_sent, POLL);
		},
	);

	await check('pairing: deactivate', async () => {
		await n8n.deactivate(s.wf.id);
	});

	await check(
		'pairing: on separate branches each trigger passes the fax on (twice in all)',
		async () => {
			const events = ['fax_received'];
			const webhookId = crypto.randomUUID();
			const { node: poll } = pollingTriggerNode({ name: POLL, pat: s.pat, parameters: { events } });
			const noOp = (name, y) => ({
				id: crypto.randomUUID(),
				name,
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [240, y],
				parameters: {},
			});
			const apart = await n8n.importWorkflow({
				name: 'e2e triggers on separate branches',
				nodes: [
					webhookTrigger(webhookId, events),
					{ ...poll, position: [0, 200] },
					noOp('From Webhook', 0),
					noOp('From Poll', 200),
				],
				connections: {
					[WEBHOOK]: { main: [[{ node: 'From Webhook', type: 'main', index: 0 }]] },
					[POLL]: { main: [[{ node: 'From Poll', type: 'main', index: 0 }]] },
				},
			});
			try {
				const mark = server.requests.length;
				await n8n.activate(apart.id);
				const endpoint = await waitFor(
					() => Object.values(server.state.webhooks).find((e) => e.url.includes(webhookId)),
					'the endpoint of the second workflow',
				);
				await n8n.waitForWebhook(`${webhookId}/webhook`);
				await waitFor(
					() => server.requests.slice(mark).some((r) => r.path === '/v3/accounts/self/faxes'),
					'the activation poll',
				);
				await n8n.updateCredential(s.secretCred.id, {
					name: s.secretCred.name,
					type: 'faxPlusWebhookSecretApi',
					data: { secret: server.getEndpointSecret(endpoint.id) },
				});
				// Positive control for each branch: the fax's delivery, and the poll that lists it.
				let delivered;
				await waitFor(async () => {
					delivered = await deliver({ event: 'fax_received', data: { id: 'fax_apart' } });
					return delivered.attempts.at(-1).status === 200;
				}, 'a delivery accepted with the pasted secret');
				await waitFor(
					async () => (await reached(apart, ['From Webhook', 'From Poll'])).get('fax_apart') === 2,
					'fax_apart reached both branches',
					WAIT_MS,
				);
				await settle(apart);
				const at = async (name) => (await reached(apart, [name])).get('fax_apart');
				assert.equal(await at('From Webhook'), 1);
				assert.equal(await at('From Poll'), 1);
			} finally {
				await n8n.deactivate(apart.id).catch(() => {});
			}
		},
	);

	await check(
		'pairing: examples/never-miss-a-fax.json imports as shipped, both triggers feeding the same next node',
		async () => {
			const example = JSON.parse(
				fs.readFileSync(path.join(__dirname, '../../../examples/never-miss-a-fax.json'), 'utf8'),
			);
			const wf = await n8n.importWorkflow(example);
			const saved = await n8n.getWorkflow(wf.id);
			const types = saved.nodes.map((node) => node.type);
			assert.ok(types.includes(TRIGGER), `types: ${types}`);
			assert.ok(types.includes('n8n-nodes-faxplus.faxPlusPollTrigger'), `types: ${types}`);
			const next = (name) => saved.connections[name]?.main?.[0]?.[0]?.node;
			assert.equal(next(WEBHOOK), next(POLL));
			await n8n.deleteWorkflow(wf.id);
		},
	);
	server.reset();
};
// n8n 2.x only: the record is n8n's processed-data store, which send-once and trigger-records
// prove on 1.x; the triggers' lifecycle there is trigger's and poll's.
module.exports.n8nLines = [2];
