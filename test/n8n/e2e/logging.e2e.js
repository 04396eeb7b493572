'use strict';
// What an operator reads in n8n's own log (everything the e2e n8n prints goes to n8n.log in its
// user folder) and in an execution's custom data, in a real n8n (2.x and 1.x):
// - README's set-up: publishing with the signing secret credential still empty registers the
//   endpoint, and the log says deliveries are refused until the secret is pasted;
// - each refusal cause produces its line, naming the workflow, the node, the cause, what to do;
// - a flood of forged deliveries produces at most a handful of lines (measured and printed);
// - lifecycle lines on publish and unpublish;
// - a delivery's and a Send's execution carry the fax in their custom data (GET
//   /rest/executions/:id; the poll's is checked in poll.e2e.js);
// - nothing is logged for a healthy delivery, and no secret in any line (test/support/secret-scan.js
//   checks every log and execution of the run at the end).

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {
	credRef,
	deployWebhookWorkflow,
	assertSuccess,
	postToN8n,
	thenReceived,
	triggerNode,
	uid,
	webhookWorkflow,
} = require('./lib');
const { signWebhook } = require(path.join(__dirname, '../../server'));
const { waitFor } = require('../../support/checks');
const { sendParameters } = require('../../support/send-parameters');

/**
 * Forged deliveries in the flood. Each that logged would add a line; the bound is the first line and
 * one a minute after it, so a hundred tell the node's throttle from a line per forgery.
 */
const FLOOD = 100;
const WAIT_MS = 60000;

/** The lines n8n printed since `mark()`, read from its log file. */
function logOf(n8n) {
	const file = path.join(n8n.userFolder, 'n8n.log');
	let from = fs.statSync(file).size;
	const read = () => {
		const text = fs.readFileSync(file);
		return text.subarray(from).toString('utf8').split('\n').filter(Boolean);
	};
	return {
		mark() {
			from = fs.statSync(file).size;
		},
		read,
		/** The package's lines about one workflow. */
		ours(workflowId) {
			return read().filter(
				(line) => line.includes('Fax.Plus:') && line.includes(`ID ${workflowId},`),
			);
		},
		/** Waits until `count` of the workflow's lines match. */
		async waitFor(workflowId, pattern, count = 1) {
			let found = [];
			await waitFor(
				() => (found = this.ours(workflowId).filter((line) => pattern.test(line))).length >= count,
				`${count} log line(s) matching ${pattern} for workflow ${workflowId}`,
				WAIT_MS,
			);
			return found;
		},
		whole: () => fs.readFileSync(file, 'utf8'),
	};
}

module.exports = async function logging(t) {
	const { check, n8n, server, ctx, log } = t;
	server.reset();
	const s = { webhookId: crypto.randomUUID() };
	const logFile = logOf(n8n);
	const productionUrl = () => n8n.webhookUrl(`${s.webhookId}/webhook`);
	const post = async (body, headers = {}) => {
		const res = await postToN8n(n8n, productionUrl(), {
			headers: { 'content-type': 'application/json', ...headers },
			body,
		});
		await res.arrayBuffer();
		return res.status;
	};
	const now = () => Math.floor(Date.now() / 1000);
	const forged = () => ({
		'webhook-id': `msg_${crypto.randomBytes(6).toString('hex')}`,
		'webhook-timestamp': String(now()),
		'webhook-signature': `v1,${crypto.randomBytes(32).toString('base64')}`,
	});
	const BODY = JSON.stringify({
		hook: { id: 'fax_x', event: 'fax_received' },
		data: { id: 'fax_x' },
	});

	await check(
		"logging: published with the signing secret credential still empty (README's set-up), the trigger registers its endpoint and the log says the secret is missing",
		async () => {
			s.pat =
				ctx.patCredential ??
				(await n8n.createCredential('Fax.Plus PAT (logging e2e)', 'faxPlusApi', {
					accessToken: server.tokens.pat,
					baseUrl: server.baseUrl,
				}));
			s.secretCred = await n8n.createCredential(
				'Fax.Plus signing secret, empty (logging e2e)',
				'faxPlusWebhookSecretApi',
				{ secret: '' },
			);
			s.wf = await n8n.importWorkflow({
				name: 'e2e logging: Fax.Plus Trigger',
				...thenReceived(
					triggerNode({ webhookId: s.webhookId, pat: s.pat, secretCred: s.secretCred }),
				),
			});
			await n8n.activate(s.wf.id);
			await waitFor(
				() => Object.values(server.state.webhooks).some((ep) => ep.url === productionUrl()),
				'the endpoint at the server',
				WAIT_MS,
			);
			await n8n.waitForWebhook(`${s.webhookId}/webhook`);
			s.endpoint = Object.values(server.state.webhooks).find((ep) => ep.url === productionUrl());
			await logFile.waitFor(
				s.wf.id,
				/Fax\.Plus: no signing secret is saved in the trigger's signing secret credential yet: deliveries are refused with 401/,
			);
			const [registered] = await logFile.waitFor(
				s.wf.id,
				new RegExp(`Fax\\.Plus: registered webhook endpoint ${s.endpoint.id} at Fax\\.Plus for `),
			);
			assert.ok(registered.includes(productionUrl()), registered);
			assert.ok(
				registered.endsWith(`(workflow "${s.wf.name}" ID ${s.wf.id}, node "Fax.Plus Trigger")`),
				registered,
			);
		},
	);
	if (!s.endpoint) return;

	await check(
		'logging: until the secret is pasted, a delivery is answered 401, passes nothing on and is logged with what to do; one failed execution says it too',
		async () => {
			const [result] = await server.deliver({ event: 'fax_received' });
			assert.deepEqual(
				result.attempts.map((attempt) => attempt.status),
				[401],
			);
			await logFile.waitFor(
				s.wf.id,
				/Fax\.Plus: delivery refused \(401\): no signing secret is saved .*Copy the signing secret \(whsec_…\) of the endpoint whose URL is this node's Production URL/,
			);
			// The refusal's failed execution (signature-refusal.e2e.js), the only one this hour.
			const list = await n8n.waitForExecutions(s.wf.id, 1);
			assert.deepEqual(
				list.map((execution) => execution.status),
				['error'],
			);
		},
	);

	await check(
		'logging: each refusal cause of the headers produces its line (a clock off by 6 minutes says by how many seconds)',
		async () => {
			const cases = [
				[{}, /\(401\): the svix-id \(or webhook-id\) header is missing\. If a proxy/],
				[
					{ 'webhook-id': 'msg_1', 'webhook-signature': 'v1,x' },
					/\(401\): the svix-timestamp \(or webhook-timestamp\) header is missing/,
				],
				[
					{ 'webhook-id': 'msg_1', 'webhook-timestamp': String(now()) },
					/\(401\): the svix-signature \(or webhook-signature\) header is missing/,
				],
				[
					{ 'webhook-id': 'msg_1', 'webhook-timestamp': 'soon', 'webhook-signature': 'v1,x' },
					/\(401\): the timestamp header is not a Unix time/,
				],
				[
					{ ...forged(), 'webhook-timestamp': String(now() + 360) },
					/\(401\): the delivery's timestamp is more than 300 seconds away from this host's clock \(this host's clock is 3[56]\d seconds behind the delivery's timestamp\)\. If this host's clock is wrong, synchronise it/,
				],
				[
					{ ...forged(), 'webhook-signature': 'v1,AAAA' },
					/\(401\): the signature header has no well-formed v1 signature/,
				],
			];
			for (const [headers, pattern] of cases) {
				assert.equal(await post(BODY, headers), 401);
				await logFile.waitFor(s.wf.id, pattern);
			}
		},
	);

	await check("logging: the endpoint's secret is pasted into the credential", async () => {
		s.secret = server.getEndpointSecret(s.endpoint.id);
		await n8n.updateCredential(s.secretCred.id, {
			name: s.secretCred.name,
			type: 'faxPlusWebhookSecretApi',
			data: { secret: s.secret },
		});
	});

	await check(
		`logging: ${FLOOD} forged deliveries produce at most a handful of lines`,
		async () => {
			const t0 = Date.now();
			let sent = 0;
			const statuses = new Map();
			const worker = async () => {
				while (sent < FLOOD) {
					sent++;
					const status = await post(BODY, forged());
					statuses.set(status, (statuses.get(status) ?? 0) + 1);
				}
			};
			await Promise.all(Array.from({ length: 20 }, worker));
			assert.deepEqual([...statuses], [[401, FLOOD]], `answers: ${JSON.stringify([...statuses])}`);
			const lines = await logFile.waitFor(
				s.wf.id,
				/\(401\): the signature does not verify with the saved signing secret \(signing secret credential "[^"]+"; webhook endpoint ep_\S+ at http:\/\/\S+\/webhook\)\. The credential holds another endpoint's secret/,
			);
			s.floodLines = () =>
				logFile.ours(s.wf.id).filter((line) => /the signature does not verify/.test(line));
			const seconds = (Date.now() - t0) / 1000;
			s.floodBound = 1 + Math.ceil(seconds / 60);
			log(
				`${FLOOD} forgeries in ${seconds.toFixed(1)} s: ${lines.length} log line(s) (at most one a minute after the first)`,
			);
			// The first at once, then at most one a minute, each saying how many it stands for.
			assert.ok(s.floodLines().length <= s.floodBound, s.floodLines().join('\n'));
			for (const later of s.floodLines().slice(1))
				assert.match(later, / \d+ more like it since \S+ were not logged\./);
		},
		// Each request goes through n8n's webhook handling and a credential read: minutes on a busy machine.
		{ timeoutMs: 900000 },
	);

	await check(
		'logging: a body over 1 MiB and a signed body that is no JSON object produce their lines',
		async () => {
			// JSON, or n8n itself refuses it (422) before the trigger sees it.
			const big = JSON.stringify({ pad: 'x'.repeat(1024 * 1024) });
			assert.equal(await post(big, forged()), 413);
			await logFile.waitFor(s.wf.id, /\(413\): the body is larger than 1 MiB/);
			const webhookId = `msg_${crypto.randomBytes(6).toString('hex')}`;
			const body = Buffer.from('["not an event"]');
			assert.equal(
				await post(body, {
					'webhook-id': webhookId,
					'webhook-timestamp': String(now()),
					'webhook-signature': `v1,${signWebhook(s.secret, webhookId, now(), body)}`,
				}),
				400,
			);
			await logFile.waitFor(
				s.wf.id,
				/\(400\): the body is not a JSON object, so not a Fax\.Plus event/,
			);
			assert.ok(!logFile.whole().includes('not an event'), 'the body is in the log');
		},
	);

	await check(
		'logging: a genuine delivery logs nothing and runs once; its execution carries the fax in its custom data',
		async () => {
			logFile.mark();
			const [result] = await server.deliver({
				event: 'fax_received',
				data: { id: 'fax_logging_1', from: '+4930123456', to: '+15551230001' },
			});
			assert.deepEqual(
				result.attempts.map((attempt) => attempt.status),
				[200],
			);
			// After the refusal's failed execution.
			const execution = (await n8n.waitForExecutions(s.wf.id, 2)).at(-1);
			assertSuccess(execution);
			const { customData } = await n8n.rest('GET', `/executions/${execution.id}`);
			assert.deepEqual(customData, {
				faxId: 'fax_logging_1',
				faxEvent: 'fax_received',
				faxStatus: 'success',
				faxDeliveryId: result.webhookId,
			});
			assert.deepEqual(logFile.ours(s.wf.id), []);
		},
	);

	await check(
		'logging: a Send execution carries its outbox IDs, and with Save Numbers in Custom Data on its numbers, in its custom data',
		async () => {
			const send = await deployWebhookWorkflow(
				n8n,
				webhookWorkflow({
					name: 'e2e logging: Send',
					path: uid('logging-send'),
					nodes: [
						{
							name: 'Send',
							parameters: sendParameters({
								from: { __rl: true, mode: 'number', value: '+15551230001' },
								documentSource: 'text',
								documentText: 'Logging e2e',
								options: { saveNumbersInCustomData: true },
							}),
							credentials: credRef('faxPlusApi', s.pat),
						},
					],
				}),
			);
			try {
				const { execution } = await send.run({});
				assertSuccess(execution);
				const ids = execution.data.resultData.runData.Send[0].data.main[0].map(
					(item) => item.json.outboxFaxId,
				);
				assert.equal(ids.length, 1);
				const { customData } = await n8n.rest('GET', `/executions/${execution.id}`);
				assert.deepEqual(customData, {
					faxOutboxIds: ids[0],
					faxFrom: '+15551230001',
					faxTo: '+4930123456',
				});
			} finally {
				await n8n.deactivate(send.id).catch(() => {});
			}
		},
	);

	await check('logging: unpublishing logs the endpoint deleted at Fax.Plus', async () => {
		await n8n.deactivate(s.wf.id);
		await logFile.waitFor(
			s.wf.id,
			new RegExp(`Fax\\.Plus: deleted webhook endpoint ${s.endpoint.id} at Fax\\.Plus`),
		);
		assert.equal(server.getEndpointSecret(s.endpoint.id), undefined);
	});

	await check(
		'logging: the flood left no more lines, and no secret of this file is in the log',
		async () => {
			assert.ok(s.floodLines().length <= s.floodBound, s.floodLines().join('\n'));
			const whole = logFile.whole();
			for (const [name, value] of [
				['the signing secret', s.secret],
				["the signing secret's key", s.secret.slice('whsec_'.length)],
				['the token', server.tokens.pat],
			])
				assert.ok(!whole.includes(value), `${name} is in n8n's log`);
		},
	);
};
// Both n8n lines: the trigger's lifecycle (publish, unpublish) and n8n's log differ on 1.x.
module.exports.n8nLines = [1, 2];
