'use strict';
// A refused signature where the user looks, in a real n8n (docs/troubleshooting.md, "In the
// Executions list"): a published trigger whose credential holds another endpoint's secret answers
// Fax.Plus's signed delivery 401 and fails one execution naming the endpoint and the credential;
// a flood of forged and unsigned requests adds none within the hour; once the right secret is
// pasted, a signed delivery runs as always.
//
// "Adds none" is checked without sleeping: a refusal run is decided in webhook() before its 401
// is sent, and n8n creates it right after; the signed delivery after the flood goes through
// n8n's whole webhook path and its run, so it is the fence: once its run is there, the flood's
// would be too.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { errorOf, outputOf, thenReceived, triggerNode } = require('./lib');
const { waitFor } = require('../../support/checks');
const { registerSecret } = require('../../support/secret-scan');
const { patience } = require('../../../scripts/n8n/n8n');

const NODE = 'Fax.Plus Trigger';
const FLOOD = 200;
const REFUSAL =
	'Fax.Plus delivery refused (401): the signature does not verify with the saved signing secret';

module.exports = async function signatureRefusal(t) {
	const { check, n8n, server, ctx, log } = t;
	server.reset();
	const s = { webhookId: crypto.randomUUID() };
	const productionUrl = () => n8n.webhookUrl(`${s.webhookId}/webhook`);
	const refusals = (list) => list.filter((e) => errorOf(e)?.message === REFUSAL);

	await check(
		'signature-refusal: a trigger whose credential holds another endpoint’s secret is published',
		async () => {
			s.pat =
				ctx.patCredential ??
				(await n8n.createCredential('Fax.Plus PAT (signature-refusal e2e)', 'faxPlusApi', {
					accessToken: server.tokens.pat,
					baseUrl: server.baseUrl,
				}));
			s.wrongSecret = `whsec_${crypto.randomBytes(24).toString('base64')}`;
			registerSecret(s.wrongSecret, 'the wrong signing secret');
			s.secretCred = await n8n.createCredential(
				'Fax.Plus signing secret, another endpoint’s (signature-refusal e2e)',
				'faxPlusWebhookSecretApi',
				{ secret: s.wrongSecret },
			);
			s.wf = await n8n.importWorkflow({
				name: 'e2e signature refusal',
				...thenReceived(
					triggerNode({ webhookId: s.webhookId, pat: s.pat, secretCred: s.secretCred }),
				),
			});
			await n8n.activate(s.wf.id);
			await waitFor(
				() => Object.values(server.state.webhooks).some((ep) => ep.url === productionUrl()),
				'the endpoint at the server',
			);
			await n8n.waitForWebhook(`${s.webhookId}/webhook`);
			s.endpoint = Object.values(server.state.webhooks).find((ep) => ep.url === productionUrl());
		},
	);
	if (!s.endpoint) return;

	await check(
		'signature-refusal: a signed delivery is answered 401 and fails one execution naming the endpoint and the credential',
		async () => {
			const [result] = await server.deliver({
				event: 'fax_received',
				onlyEndpointId: s.endpoint.id,
				data: { id: 'fax_refused' },
			});
			assert.deepEqual(
				result.attempts.map((attempt) => attempt.status),
				[401],
			);
			const [execution, ...more] = await n8n.waitForExecutions(s.wf.id, 1);
			assert.deepEqual(more, [], 'more than one execution');
			assert.equal(execution.status, 'error');
			const error = errorOf(execution);
			assert.equal(error?.message, REFUSAL);
			const description = String(error?.description ?? '');
			// The endpoint's ID once n8n shows the trigger what activation recorded (as in the log
			// line); in the first moments after publishing, the URL alone.
			const where = [
				`Webhook endpoint ${s.endpoint.id} at ${productionUrl()}; `,
				`Webhook URL ${productionUrl()}; `,
			];
			assert.ok(
				where.some((start) => description.startsWith(start)),
				description,
			);
			assert.ok(description.includes(`signing secret credential "${s.secretCred.name}"`));
			assert.match(description, /Copy that endpoint's signing secret \(whsec_…\) from Fax\.Plus/);
			assert.match(description, /deactivate and publish the workflow again/);
			assert.ok(!description.includes(s.wrongSecret.slice('whsec_'.length)));
			assert.equal(outputOf(execution, 'Received'), undefined, 'the next node ran');
		},
	);

	await check(
		`signature-refusal: ${FLOOD} forged and unsigned requests are answered 401 and add no execution`,
		async () => {
			const body = '{"hook":{"id":"fax_f","event":"fax_received"},"data":{"id":"fax_f"}}';
			const statuses = {};
			let sent = 0;
			const worker = async () => {
				while (sent < FLOOD) {
					const i = sent++;
					const signed =
						i % 2 === 0
							? {
									'webhook-id': `msg_flood_${i}`,
									'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
									'webhook-signature': `v1,${crypto.randomBytes(32).toString('base64')}`,
								}
							: {};
					const res = await fetch(productionUrl(), {
						method: 'POST',
						headers: { 'content-type': 'application/json', ...signed },
						body,
					});
					await res.arrayBuffer();
					statuses[res.status] = (statuses[res.status] ?? 0) + 1;
				}
			};
			await Promise.all(Array.from({ length: 10 }, worker));
			// 503: n8n's own answer while its database ping times out (a busy machine), before the
			// trigger sees the request: still refused.
			const unexpected = Object.keys(statuses).filter((status) => !['401', '503'].includes(status));
			assert.deepEqual(unexpected, [], `answers ${JSON.stringify(statuses)}`);
			assert.ok(statuses[401] >= FLOOD * 0.9, `answers ${JSON.stringify(statuses)}`);
			if (statuses[503]) log(`answers to the flood: ${JSON.stringify(statuses)}`);
		},
		// Each request goes through n8n's webhook handling: minutes on a busy machine.
		{ timeoutMs: 600000 },
	);

	await check(
		'signature-refusal: with the endpoint’s secret pasted, a signed delivery runs; still exactly one failed execution',
		async () => {
			await n8n.updateCredential(s.secretCred.id, {
				name: s.secretCred.name,
				type: 'faxPlusWebhookSecretApi',
				data: { secret: server.getEndpointSecret(s.endpoint.id) },
			});
			let [result] = await server.deliver({
				event: 'fax_received',
				onlyEndpointId: s.endpoint.id,
				data: { id: 'fax_signed' },
			});
			// n8n may serve the credential as it was for a few seconds: Fax.Plus re-sends a 401.
			const deadline = Date.now() + patience(30000);
			while (result.attempts.at(-1).status === 401 && Date.now() < deadline) {
				await new Promise((resolve) => setTimeout(resolve, 1000));
				[result] = await server.replay(result.webhookId);
			}
			assert.equal(result.attempts.at(-1).status, 200, JSON.stringify(result.attempts));
			const isRun = (e) => outputOf(e, NODE)?.[0]?.json?.webhookId === result.webhookId;
			const until = Object.assign((list) => list.some(isRun), { description: 'with the run' });
			const list = await n8n.waitForExecutions(s.wf.id, 2, { until });
			const run = list.find(isRun);
			assert.equal(run.status, 'success');
			assert.equal(outputOf(run, NODE)[0].json.signatureVerified, true);
			assert.equal(outputOf(run, 'Received')?.length, 1, 'the next node did not run');
			assert.equal(refusals(list).length, 1, `${refusals(list).length} failed executions`);
			assert.equal(list.length, 2, `${list.length} executions`);
		},
	);

	await check('signature-refusal: unpublish', async () => {
		await n8n.deactivate(s.wf.id);
		await waitFor(
			() => server.getEndpointSecret(s.endpoint.id) === undefined,
			'the endpoint deleted',
		);
	});
};
// 2.x: the refusal run rides on executeWebhook's path as read in 2.41.1 (nodes/shared/n8n/README.md).
module.exports.n8nLines = [2];
