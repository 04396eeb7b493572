'use strict';
// The Fax.Plus Trigger in a real n8n: activation registers one endpoint with n8n's
// production URL at the local server, which then delivers signed events.
//
// "Starts none" is checked without sleeping: a refused or repeated delivery is
// answered before any run could start, so after it the suite sends a valid
// "fence" delivery, waits for the fence's execution, and counts: only the fence
// may have added one. A refusal the signing secret decides also fails one execution
// per endpoint an hour (signature-refusal.e2e.js): those are counted apart.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const path = require('node:path');
const { errorOf, isRefusalRun, outputOf, thenReceived, triggerNode, uid } = require('./lib');
const { signWebhook } = require(path.join(__dirname, '../../server'));
const { waitFor } = require('../../support/checks');
const { patience } = require('../../../scripts/n8n/n8n');

const NODE = 'Fax.Plus Trigger';

module.exports = async function trigger(t) {
	const { check, n8n, server, ctx } = t;
	server.reset();
	const s = { webhookId: crypto.randomUUID() };

	const endpoints = () => Object.values(server.state.webhooks);
	const productionUrl = () => n8n.webhookUrl(`${s.webhookId}/webhook`);
	const runsIn = (list) => list.filter((e) => !isRefusalRun(e));
	// Once every execution has finished: a refusal run is known by its error.
	const count = async () => runsIn(await n8n.waitForExecutions(s.wf.id, 0)).length;
	/** Waits for `n` executions but refusal runs, and `until` of them; returns them, oldest first. */
	async function waitForRuns(n, until = () => true, description = `${n} runs`) {
		const enough = Object.assign((list) => runsIn(list).length >= n && until(runsIn(list)), {
			description,
		});
		return runsIn(await n8n.waitForExecutions(s.wf.id, n, { until: enough }));
	}

	/** Delivers one event; returns the single delivery result (asserting its answer). */
	async function deliverOne(opts, expectStatus) {
		const results = await server.deliver(opts);
		assert.equal(results.length, 1, `deliveries: ${JSON.stringify(results)}`);
		const [res] = results;
		if (expectStatus !== undefined) {
			const statuses = res.attempts.map((a) => a.status);
			assert.equal(statuses.at(-1), expectStatus, `answers ${JSON.stringify(res.attempts)}`);
		}
		return res;
	}

	/**
	 * A valid delivery that must start exactly one run; returns [execution, result]. Right after a
	 * new secret was pasted (`pasted`), refused deliveries arriving just before may keep the old
	 * one for up to 10 s: the delivery is then re-sent, as Fax.Plus re-sends a 401. `resent`: the
	 * deliveries before it that were sent again after no answer, each of which may have started a
	 * run of its own as well.
	 */
	async function fence(before, { pasted = false, resent = 0 } = {}) {
		let res = await deliverOne(
			{ event: 'fax_received', data: { comment: 'fence' } },
			pasted ? undefined : 200,
		);
		const deadline = Date.now() + patience(30000);
		while (pasted && res.attempts.at(-1).status === 401 && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 1000));
			[res] = await server.replay(res.webhookId);
		}
		assert.equal(res.attempts.at(-1).status, 200, `answers ${JSON.stringify(res.attempts)}`);
		const isFence = (e) => outputOf(e, NODE)?.[0]?.json?.webhookId === res.webhookId;
		const list = await waitForRuns(before + 1, (runs) => runs.some(isFence), 'with the fence');
		const most = before + 1 + resent;
		assert.ok(
			list.length <= most,
			`expected ${before + 1}${resent ? ` to ${most}` : ''} executions, have ${list.length}`,
		);
		const last = list.at(-1);
		assert.equal(
			outputOf(last, NODE)?.[0]?.json?.webhookId,
			res.webhookId,
			'the last execution is not the fence',
		);
		return [last, res];
	}

	await check(
		'trigger: create the workflow with the trigger and the signing-secret credential',
		async () => {
			s.pat =
				ctx.patCredential ??
				(await n8n.createCredential('Fax.Plus PAT (trigger e2e)', 'faxPlusApi', {
					accessToken: server.tokens.pat,
					baseUrl: server.baseUrl,
				}));
			// Empty until the endpoint exists, as README's set-up says: Fax.Plus shows its secret only afterwards.
			s.secretCred = await n8n.createCredential(
				'Fax.Plus signing secret (e2e)',
				'faxPlusWebhookSecretApi',
				{ secret: '' },
			);
			s.wf = await n8n.importWorkflow({
				name: 'e2e Fax.Plus Trigger',
				...thenReceived(
					triggerNode({ webhookId: s.webhookId, pat: s.pat, secretCred: s.secretCred }),
				),
			});
		},
	);
	if (!s.wf) return;

	await check(
		"trigger: activation registers exactly one endpoint with n8n's production URL",
		async () => {
			assert.equal(endpoints().length, 0);
			await n8n.activate(s.wf.id);
			// n8n registers the trigger's webhook right after answering the activation.
			await waitFor(() => endpoints().length > 0, 'an endpoint at the server');
			await n8n.waitForWebhook(`${s.webhookId}/webhook`);
			const eps = endpoints();
			assert.equal(eps.length, 1, `endpoints: ${JSON.stringify(eps)}`);
			assert.equal(eps[0].url, productionUrl());
			assert.deepEqual([...eps[0].filter_types].sort(), ['fax_received', 'fax_sent']);
			assert.equal(eps[0].channels, null);
			s.endpointId = eps[0].id;
			await n8n.waitForWebhook(`${s.webhookId}/webhook`);
		},
	);

	await check(
		'trigger: before the secret is set, a delivery is refused with 401 and passes nothing on; one failed execution says so',
		async () => {
			await deliverOne({ event: 'fax_received' }, 401);
			const until = Object.assign((all) => all.some(isRefusalRun), { description: 'refused' });
			const list = await n8n.waitForExecutions(s.wf.id, 1, { until });
			assert.equal(list.length, 1, `${list.length} executions`);
			assert.equal(list[0].status, 'error');
			assert.match(errorOf(list[0]).message, /\(401\): no signing secret is saved/);
			assert.equal(await count(), 0);
		},
	);

	await check("trigger: the endpoint's signing secret goes into the credential", async () => {
		const secret = server.getEndpointSecret(s.endpointId);
		assert.match(secret, /^whsec_/);
		await n8n.updateCredential(s.secretCred.id, {
			name: s.secretCred.name,
			type: 'faxPlusWebhookSecretApi',
			data: { secret },
		});
	});

	await check(
		'trigger: a valid fax_received delivery starts exactly one execution with the expected output',
		async () => {
			const before = await count();
			const res = await deliverOne(
				{
					event: 'fax_received',
					data: { id: 'fax_e2e_1', from: '+4930123456', to: '+15551230001' },
				},
				200,
			);
			const list = await waitForRuns(before + 1);
			assert.equal(list.length, before + 1);
			const exec = list.at(-1);
			assert.equal(exec.status, 'success');
			assert.equal(exec.mode, 'webhook');
			const [item] = outputOf(exec, NODE);
			const j = item.json;
			assert.equal(j.event, 'fax_received');
			assert.equal(j.webhookId, res.webhookId);
			assert.equal(j.signatureVerified, true);
			assert.equal(j.isRetry, false);
			assert.equal(j.faxId, 'fax_e2e_1');
			assert.equal(j.from, '+4930123456');
			assert.equal(j.to, '+15551230001');
			assert.equal(j.status, 'success');
			assert.equal(j.hook.event, 'fax_received');
			assert.equal(j.data.id, 'fax_e2e_1');
			assert.equal(outputOf(exec, 'Received')?.length, 1, 'the next node did not run');
			s.firstWebhookId = res.webhookId;
		},
	);

	await check(
		'trigger: a fax_sent delivery for a retried fax starts one execution with isRetry',
		async () => {
			const before = await count();
			const res = await deliverOne(
				{
					event: 'fax_sent',
					hookId: 'fax_e2e_2_retry',
					data: { id: 'fax_e2e_2', status: 'failed' },
				},
				200,
			);
			const list = await waitForRuns(before + 1);
			const j = outputOf(list.at(-1), NODE)[0].json;
			assert.equal(j.event, 'fax_sent');
			assert.equal(j.webhookId, res.webhookId);
			assert.equal(j.isRetry, true);
			// The fax's ID is hook.id (the fax list's); data.id is the sending session's.
			assert.equal(j.faxId, 'fax_e2e_2_retry');
			assert.equal(j.faxSessionId, 'fax_e2e_2');
			assert.equal(j.status, 'failed');
		},
	);

	await check(
		'trigger: an event the trigger does not listen to starts none (answered 200)',
		async () => {
			// The endpoint is subscribed to fax_received/fax_sent; deliver a raw body naming another event.
			const before = await count();
			const body = JSON.stringify({
				hook: { id: 'fax_x', event: 'fax_page_received', target: '' },
				data: { id: 'fax_x' },
			});
			await deliverOne({ event: 'fax_received', rawBody: body }, 200);
			await fence(before);
		},
	);

	await check(
		'trigger: invalid signatures and stale timestamps get 401 and start none',
		async () => {
			const before = await count();
			const wrongSecret = `whsec_${crypto.randomBytes(24).toString('base64')}`;
			await deliverOne({ event: 'fax_received', secret: wrongSecret }, 401);
			await deliverOne(
				{
					event: 'fax_received',
					signatureHeader: 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
				},
				401,
			);
			await deliverOne({ event: 'fax_received', signatureHeader: '' }, 401);
			const now = Math.floor(Date.now() / 1000);
			await deliverOne({ event: 'fax_received', timestamp: now - 10 * 60 }, 401);
			await deliverOne({ event: 'fax_received', timestamp: now + 10 * 60 }, 401);
			// A body changed after signing: the signature is over other bytes.
			const webhookId = `msg_${uid('tampered')}`;
			const signed = Buffer.from(
				JSON.stringify({
					hook: { id: 'fax_t', event: 'fax_received', target: '' },
					data: { id: 'fax_t', status: 'success' },
				}),
			);
			const sent = Buffer.from(signed.toString().replace('"success"', '"failed"'));
			const signature = signWebhook(server.getEndpointSecret(s.endpointId), webhookId, now, signed);
			await deliverOne(
				{
					event: 'fax_received',
					webhookId,
					timestamp: now,
					rawBody: sent,
					signatureHeader: `v1,${signature}`,
				},
				401,
			);
			await fence(before);
		},
	);

	await check(
		'trigger: a retry and a replay of the same webhook-id are answered 200 and pass none on',
		async () => {
			const before = await count();
			// Fax.Plus retries after a non-2xx with the same webhook-id: simulate a first answer lost.
			const retry = await deliverOne({ event: 'fax_received', webhookId: s.firstWebhookId }, 200);
			assert.equal(retry.attempts[0].body, '{"received":true}');
			const replay = await server.replay(s.firstWebhookId);
			assert.ok(replay.length >= 1);
			for (const r of replay) assert.equal(r.attempts.at(-1).status, 200);
			// Each is a run that ends at the trigger: n8n's processed-data store knows the webhook-id.
			await fence(before + 1 + replay.length);
			const list = await n8n.executions(s.wf.id);
			const passed = list.filter(
				(e) => outputOf(e, NODE)?.[0]?.json?.webhookId === s.firstWebhookId,
			);
			assert.equal(passed.length, 1, `${passed.length} executions passed the delivery on`);
		},
	);

	await check(
		'trigger: 20 concurrent copies of one delivery are each answered 200 and pass on once',
		async () => {
			const before = await count();
			const webhookId = `msg_${uid('concurrent')}`;
			const timestamp = Math.floor(Date.now() / 1000);
			const data = { id: 'fax_e2e_concurrent' };
			// A copy not answered within the sender's 15 s (a machine loaded many times over) is sent
			// again, as Fax.Plus does: one more run the record must hold back.
			const results = await Promise.all(
				Array.from({ length: 20 }, () =>
					server.deliver({ event: 'fax_received', webhookId, timestamp, data, retries: 2 }),
				),
			);
			// Each copy is answered 200 once n8n holds its run; the trigger's check passes one on.
			let resent = 0;
			for (const [r] of results) {
				assert.equal(r.attempts.at(-1).body, '{"received":true}', JSON.stringify(r.attempts));
				resent += r.attempts.length - 1;
			}
			if (resent) t.log(`${resent} copies not answered in time were sent again`);
			const [replay] = await server.replay(webhookId);
			assert.deepEqual(replay.attempts, [{ status: 200, body: '{"received":true}' }]);
			await fence(before + 21, { resent });
			const list = await n8n.executions(s.wf.id);
			const mine = list.filter((e) => outputOf(e, NODE)?.[0]?.json?.webhookId === webhookId);
			assert.equal(mine.length, 1, `${mine.length} executions for the concurrent delivery`);
		},
	);

	await check(
		'trigger: 12 distinct deliveries at the same moment each pass on once; the same deliveries again at the same moment (their webhook-ids, as Fax.Plus retries) pass none on',
		async () => {
			const before = await count();
			const faxIds = Array.from({ length: 12 }, (_, i) => `fax_e2e_together_${i}_${uid('t')}`);
			// Every request sent in the same tick: all in flight together, each check in the same moments.
			// One not answered within the sender's 15 s (a machine loaded many times over) is sent again
			// with its webhook-id, as Fax.Plus does: a repeat the record must hold back too.
			let resent = 0;
			const together = async () => {
				const results = await Promise.all(
					faxIds.map((id) =>
						server.deliver({
							event: 'fax_received',
							webhookId: `msg_${id}`,
							data: { id },
							retries: 2,
						}),
					),
				);
				for (const [r] of results) {
					assert.equal(r.attempts.at(-1).body, '{"received":true}', JSON.stringify(r.attempts));
					resent += r.attempts.length - 1;
				}
			};
			await together();
			// Only the record, written by runs checked at the same moment, holds the second round back.
			await together();
			if (resent) t.log(`${resent} deliveries not answered in time were sent again`);
			await fence(before + 2 * faxIds.length, { resent });
			const passed = (await n8n.executions(s.wf.id)).flatMap((e) =>
				(outputOf(e, NODE) ?? []).map((item) => item.json.faxId),
			);
			assert.deepEqual(
				faxIds.filter((id) => passed.filter((p) => p === id).length !== 1),
				[],
				'faxes not passed on exactly once',
			);
		},
	);

	// n8n's workflow publication service (later 2.x; N8N_USE_WORKFLOW_PUBLICATION_SERVICE, on by
	// default where the release says so, off in 2.20) re-registers only the triggers that changed;
	// without it (and on n8n 1.x and early 2.x) every republish removes and re-adds them: a new
	// endpoint, with a new secret.
	const publicationService =
		n8n.env.N8N_USE_WORKFLOW_PUBLICATION_SERVICE ??
		process.env.N8N_USE_WORKFLOW_PUBLICATION_SERVICE ??
		String(n8n.facts.publicationServiceByDefault);
	const keepsUnchangedTriggers = n8n.facts.publicationService && publicationService !== 'false';

	/** Republishes with `change` applied; answers the one endpoint then registered. */
	async function republish(change) {
		const wf = await n8n.getWorkflow(s.wf.id);
		await n8n.updateWorkflow(s.wf.id, change(wf));
		await n8n.activate(s.wf.id);
		await n8n.waitForPublication(s.wf.id);
		const [endpoint] = await waitFor(async () => {
			await n8n.waitForWebhook(`${s.webhookId}/webhook`);
			const eps = endpoints();
			return eps.length === 1 && eps[0].url === productionUrl() ? eps : undefined;
		}, 'exactly one endpoint with the production URL');
		return endpoint;
	}

	/** A new endpoint has a new secret: the credential follows, as a user copies it. */
	async function adoptEndpoint(endpoint) {
		s.endpointId = endpoint.id;
		await n8n.updateCredential(s.secretCred.id, {
			name: s.secretCred.name,
			type: 'faxPlusWebhookSecretApi',
			data: { secret: server.getEndpointSecret(endpoint.id) },
		});
	}

	await check(
		`trigger: republishing with the trigger unchanged ${keepsUnchangedTriggers ? 'keeps its endpoint and secret' : 'replaces its endpoint'}`,
		async () => {
			const before = { id: s.endpointId, secret: server.getEndpointSecret(s.endpointId) };
			const endpoint = await republish((wf) => ({ ...wf, name: `${wf.name} (republished)` }));
			if (keepsUnchangedTriggers) {
				assert.equal(endpoint.id, before.id, 'the endpoint was replaced');
				assert.equal(server.getEndpointSecret(endpoint.id), before.secret);
			} else {
				assert.notEqual(endpoint.id, before.id, 'the endpoint was kept');
				await adoptEndpoint(endpoint);
			}
			await fence(await count(), { pasted: !keepsUnchangedTriggers });
		},
	);

	await check(
		'trigger: republishing with the trigger changed replaces its endpoint, with a new secret',
		async () => {
			const before = { id: s.endpointId, secret: server.getEndpointSecret(s.endpointId) };
			const endpoint = await republish((wf) => ({
				...wf,
				nodes: wf.nodes.map((node) =>
					node.name === NODE
						? {
								...node,
								parameters: { ...node.parameters, options: { deduplicationMaxEntries: 9999 } },
							}
						: node,
				),
			}));
			assert.notEqual(endpoint.id, before.id, 'the endpoint was kept');
			assert.notEqual(server.getEndpointSecret(endpoint.id), before.secret);
			// Until the user copies the new secret, deliveries are refused and pass nothing on.
			await deliverOne({ event: 'fax_received' }, 401);
			await adoptEndpoint(endpoint);
			const [, res] = await fence(await count(), { pasted: true });
			s.lastWebhookId = res.webhookId; // delivered to the current endpoint: replayed after the restart
		},
	);

	await check(
		'trigger: restarting n8n adds no endpoint, and a replay after the restart runs without an output item',
		async () => {
			const before = await count();
			const id = s.endpointId;
			await n8n.restart();
			const eps = endpoints();
			assert.equal(eps.length, 1, `endpoints: ${JSON.stringify(eps)}`);
			assert.equal(eps[0].id, id, 'the endpoint was replaced on restart');
			await n8n.waitForWebhook(`${s.webhookId}/webhook`);
			const replay = await server.replay(s.lastWebhookId ?? s.firstWebhookId);
			assert.ok(replay.length >= 1);
			// n8n holds a run (200), whose execute() finds it in n8n's processed-data store and
			// passes no item on.
			for (const r of replay)
				assert.deepEqual(r.attempts, [{ status: 200, body: '{"received":true}' }]);
			const list = await waitForRuns(before + 1);
			assert.equal(
				list.length,
				before + 1,
				`expected ${before + 1} executions, have ${list.length}`,
			);
			assert.equal(list.at(-1).status, 'success');
			assert.deepEqual(outputOf(list.at(-1), NODE), [], 'the repeat passed an item on');
			const hints = list.at(-1).data.resultData.runData[NODE][0].hints ?? [];
			assert.ok(
				hints.some((h) => h.message.includes(s.lastWebhookId ?? s.firstWebhookId)),
				`hints: ${JSON.stringify(hints)}`,
			);
			await fence(before + 1);
		},
	);

	await check('trigger: deactivating removes the endpoint (zero left)', async () => {
		await n8n.deactivate(s.wf.id);
		await waitFor(() => endpoints().length === 0, 'the endpoint to be deleted');
		assert.deepEqual(endpoints(), []);
	});

	server.reset();
};
// Both n8n lines: n8n 1.x activates and deactivates triggers at once (no publication outbox).
module.exports.n8nLines = [1, 2];
