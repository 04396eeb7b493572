'use strict';
// The checks of the queue-mode suite (test/n8n/queue/run.js starts what they use):
// t = { check, log, queue, server }; queue.main is the editor/API process, queue.worker runs
// executions, queue.webhooks = [A, B] are the webhook processors, queue.balancer is the
// load balancer whose URL the trigger registers at the Fax.Plus server.
//
// "Starts none" is checked without sleeping: after a delivery that must start nothing, a
// valid "fence" delivery follows; once the fence's run is in Postgres, the count may have
// grown by the fence alone. At the end, every delivery of the suite is checked to have
// run exactly once (or, for the measured simultaneous copies, at most once per processor).

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {
	credRef,
	webhookWorkflow,
	pollingTriggerNode,
	thenReceived,
	triggerNode,
	outputOf,
	assertSuccess,
	apiRequests,
	postToN8n,
	uid,
} = require('../e2e/lib');
const { oauthData } = require('../e2e/action.e2e');
const { signWebhook } = require('../../server');
const { parseMultipart } = require('../../server/multipart');
const { waitFor } = require('../../support/checks');
const { loadTypeScript } = require('../../nodes/shared/documentReader/support/loadTypeScript');
const { writtenPdf } = loadTypeScript(
	path.join(__dirname, '../../nodes/shared/documentReader/support/written.ts'),
);

const NODE = 'Fax.Plus Trigger';
const ACTION_NODE = 'Fax.Plus';
const SEND = 'Send the Fax on';

module.exports = async function queueMode(t) {
	const { check, log, queue, server } = t;
	const { main, worker, webhooks } = queue;
	const [A, B] = webhooks;
	const names = new Map([
		[A, 'processor A'],
		[B, 'processor B'],
	]);
	server.reset();

	/** Executions of a workflow in Postgres: [id, status, finished] rows. */
	const executionRows = async (workflowId) =>
		(
			await queue.psql(
				`SELECT id, status, finished FROM execution_entity WHERE "workflowId" = '${workflowId}' ORDER BY id`,
			)
		).map(([id, status, finished]) => ({
			id,
			status,
			finished: finished === 't',
		}));
	const isDone = (e) =>
		e.finished || ['success', 'error', 'crashed', 'canceled'].includes(e.status);
	/** Waits until Postgres has at least n executions of the workflow, all of them done; returns their count. */
	const settled = async (workflowId, n) =>
		waitFor(
			async () => {
				const rows = await executionRows(workflowId);
				return rows.length >= n && rows.every(isDone) ? rows.length : 0;
			},
			`${n} finished executions of workflow ${workflowId} in Postgres`,
			120000,
		);
	/** The worker's log (the whole file the driver writes) names every execution it ran. */
	const ranOnWorker = (executionId) =>
		fs
			.readFileSync(path.join(worker.userFolder, 'n8n.log'), 'utf8')
			.includes(`Worker started execution ${executionId} `);

	const s = {};
	await check(
		'queue: credentials (PAT, OAuth2 with token data) are created in main and stored in Postgres',
		async () => {
			s.pat = await main.createCredential('Fax.Plus PAT (queue)', 'faxPlusApi', {
				accessToken: server.tokens.pat,
				baseUrl: server.baseUrl,
			});
			s.oauth = await main.createCredential(
				'Fax.Plus OAuth2 (queue)',
				'faxPlusOAuth2Api',
				oauthData(server, server.tokens.oauthAccessToken),
			);
			const [[n]] = await queue.psql(
				`SELECT count(*) FROM credentials_entity WHERE id IN ('${s.pat.id}', '${s.oauth.id}')`,
			);
			assert.equal(Number(n), 2);
		},
	);

	// ------------------------------------------------------------------ the action node on the worker
	for (const [auth, processor] of [
		['accessToken', A],
		['oAuth2', B],
	]) {
		await check(
			`queue: Webhook → Fax.Plus (${auth === 'oAuth2' ? 'OAuth2' : 'PAT'}) started through ${names.get(processor)} runs once, on the worker`,
			async () => {
				const credType = auth === 'oAuth2' ? 'faxPlusOAuth2Api' : 'faxPlusApi';
				const webhookPath = uid(`queue-action-${auth}`);
				const wf = await main.importWorkflow(
					webhookWorkflow({
						name: `queue: get balance (${auth})`,
						path: webhookPath,
						nodes: [
							{
								name: ACTION_NODE,
								parameters: { authentication: auth, resource: 'shop', operation: 'getBalance' },
								credentials: credRef(credType, auth === 'oAuth2' ? s.oauth : s.pat),
							},
						],
					}),
				);
				await main.activate(wf.id);
				await processor.waitForWebhook(webhookPath);
				const from = server.requests.length;
				const res = await postToN8n(processor, processor.webhookUrl(webhookPath), {
					headers: { 'content-type': 'application/json' },
					body: '{}',
				});
				// The processor waits for the worker's result and answers with the last node's output.
				assert.equal(res.status, 200, await res.clone().text());
				assert.deepEqual(await res.json(), [{ amount: 125.5, currency: 'USD' }]);
				assert.equal(await settled(wf.id, 1), 1);
				const [exec] = await main.executions(wf.id);
				assertSuccess(exec);
				assert.equal(exec.mode, 'webhook');
				assert.ok(ranOnWorker(exec.id), `the worker's log does not name execution ${exec.id}`);
				const reqs = apiRequests(server, from);
				assert.deepEqual(
					reqs.map((r) => `${r.method} ${r.path}`),
					['GET /v3/shop/balance'],
				);
				const token = auth === 'oAuth2' ? server.tokens.oauthAccessToken : server.tokens.pat;
				assert.equal(reqs[0].headers.authorization, `Bearer ${token}`);
				assert.equal(
					reqs[0].headers['x-fax-clientid'],
					auth === 'oAuth2' ? server.tokens.clientId : undefined,
				);
				await main.deactivate(wf.id);
			},
		);
	}

	// ------------------------------------------------------------------ the trigger
	const webhookId = crypto.randomUUID();
	const triggerPath = `${webhookId}/webhook`;
	const endpoints = () =>
		Object.values(server.state.webhooks).filter((e) => e.url.includes(webhookId));
	const secret = () => server.getEndpointSecret(s.endpointId);
	/** Every delivery the suite made to the trigger: webhook-id -> how many runs it may start at most. */
	const expected = new Map();

	/** A signed delivery straight to one processor (as the balancer would route it); returns {status, body}. */
	function signedRequest(
		processor,
		id,
		{ data = {}, timestamp = Math.floor(Date.now() / 1000) } = {},
	) {
		const body = Buffer.from(
			JSON.stringify({
				hook: { id: data.id ?? `fax_${id}`, event: 'fax_received', target: '' },
				data: { id: `fax_${id}`, status: 'success', ...data },
			}),
		);
		const headers = {
			'content-type': 'application/json',
			'webhook-id': id,
			'webhook-timestamp': String(timestamp),
			'webhook-signature': `v1,${signWebhook(secret(), id, timestamp, body)}`,
		};
		return { processor, url: processor.webhookUrl(triggerPath), headers, body };
	}
	async function send(request) {
		const res = await postToN8n(request.processor, request.url, {
			headers: request.headers,
			body: request.body,
		});
		return { status: res.status, body: await res.json().catch(() => null) };
	}
	const deliverTo = (processor, id, opts) => send(signedRequest(processor, id, opts));

	/**
	 * Runs of the trigger workflow per webhook-id (executions whose trigger passed an item on,
	 * from the executions' data); `suppressed` counts the executions that ended at the trigger
	 * without an output item (a repeat only the run recognised).
	 */
	async function runsById() {
		const counts = new Map();
		let suppressed = 0;
		for (const e of await main.executions(s.wf.id)) {
			const output = outputOf(e, NODE) ?? [];
			// Still running: counted once it has finished.
			if (output.length === 0 && !isDone(e)) continue;
			if (output.length === 0) {
				assertSuccess(e);
				suppressed++;
				continue;
			}
			const id = output[0].json.webhookId;
			counts.set(id, (counts.get(id) ?? 0) + 1);
		}
		counts.suppressed = suppressed;
		return counts;
	}

	/** A valid delivery through the balancer that must start exactly one run. */
	async function fence(before) {
		const id = `msg_${uid('fence')}`;
		const [res] = await server.deliver({
			event: 'fax_received',
			webhookId: id,
			onlyEndpointId: s.endpointId,
		});
		assert.equal(res.attempts.at(-1).status, 200, JSON.stringify(res.attempts));
		expected.set(id, 1);
		const n = await settled(s.wf.id, before + 1);
		assert.equal(n, before + 1, `expected ${before + 1} executions, Postgres has ${n}`);
		assert.equal((await runsById()).get(id), 1, 'the fence did not run');
		return n;
	}

	await check(
		'queue: a workflow with the trigger and a signing-secret credential is created in main',
		async () => {
			s.triggerNodeId = crypto.randomUUID();
			s.secretCred = await main.createCredential(
				'Fax.Plus signing secret (queue)',
				'faxPlusWebhookSecretApi',
				{ secret: `whsec_${crypto.randomBytes(24).toString('base64')}` },
			);
			s.wf = await main.importWorkflow({
				name: 'queue: Fax.Plus Trigger',
				...thenReceived(
					triggerNode({
						id: s.triggerNodeId,
						webhookId,
						pat: s.pat,
						secretCred: s.secretCred,
					}),
				),
			});
		},
	);
	if (!s.wf) return;

	await check(
		"queue: activation in main registers exactly one endpoint, with the balancer's production URL",
		async () => {
			assert.deepEqual(endpoints(), []);
			await main.activate(s.wf.id);
			await waitFor(() => endpoints().length > 0, 'an endpoint at the server');
			for (const p of webhooks) await p.waitForWebhook(triggerPath);
			const eps = endpoints();
			assert.equal(eps.length, 1, `endpoints: ${JSON.stringify(eps)}`);
			assert.equal(eps[0].url, `${queue.balancer.url}/webhook/${triggerPath}`);
			s.endpointId = eps[0].id;
			await main.updateCredential(s.secretCred.id, {
				name: s.secretCred.name,
				type: 'faxPlusWebhookSecretApi',
				data: { secret: secret() },
			});
		},
	);
	if (!s.endpointId) return;

	await check(
		'queue: a signed delivery to processor A starts exactly one run (on the worker); its retry to processor B runs without an output item',
		async () => {
			const id = `msg_${uid('first')}`;
			s.firstId = id;
			expected.set(id, 1);
			const first = await deliverTo(A, id);
			assert.deepEqual(first, { status: 200, body: { received: true } });
			assert.equal(await settled(s.wf.id, 1), 1);
			const [exec] = await main.executions(s.wf.id);
			assertSuccess(exec);
			assert.equal(outputOf(exec, NODE)[0].json.webhookId, id);
			assert.equal(outputOf(exec, NODE)[0].json.signatureVerified, true);
			assert.ok(ranOnWorker(exec.id), `the worker's log does not name execution ${exec.id}`);
			assert.ok(
				(await recordedInPostgres()).has(id),
				"the worker did not record the delivery in n8n's processed-data store",
			);
			// Fax.Plus retries with the same webhook-id (and body) when an answer is lost. B's own
			// record does not know it: n8n holds a run, whose trigger finds it in Postgres.
			const retry = await deliverTo(B, id);
			assert.deepEqual(retry, { status: 200, body: { received: true } });
			assert.equal(await settled(s.wf.id, 2), 2);
			const runs = await runsById();
			assert.equal(runs.get(id), 1);
			assert.equal(runs.suppressed, 1);
			await fence(2);
		},
	);

	/**
	 * The deliveries the trigger's own record in n8n's processed-data store (Postgres, scope node:
	 * context `n:<node ID>`) holds, by webhook-id: each as its key `id:<webhook-id>`, stored as n8n
	 * stores values (MD5, base64).
	 */
	async function recordedInPostgres() {
		const rows = await queue.psql(
			`SELECT value FROM processed_data WHERE "workflowId" = '${s.wf.id}' AND context LIKE 'n:%'`,
		);
		const saved = new Set(rows.length ? JSON.parse(rows[0][0]).data : []);
		return {
			has: (webhookId) =>
				saved.has(crypto.createHash('md5').update(`id:${webhookId}`).digest('base64')),
		};
	}

	const BURST = 24;
	await check(
		`queue: ${BURST} distinct deliveries at once over both processors each run once, none lost, each recorded in Postgres`,
		async () => {
			const before = (await executionRows(s.wf.id)).length;
			const sends = Array.from({ length: BURST }, (_, i) => ({
				id: `msg_${uid(`burst${i}`)}`,
				first: i % 2 ? B : A,
				other: i % 2 ? A : B,
			}));
			for (const d of sends) expected.set(d.id, 1);
			const answers = await Promise.all(sends.map((d) => deliverTo(d.first, d.id)));
			for (const a of answers) assert.deepEqual(a, { status: 200, body: { received: true } });
			const after = await settled(s.wf.id, before + BURST);
			assert.equal(after, before + BURST);
			const runs = await runsById();
			for (const d of sends)
				assert.equal(runs.get(d.id), 1, `${d.id}: ${runs.get(d.id) ?? 0} runs`);
			s.burst = sends;
			const recorded = await recordedInPostgres();
			assert.deepEqual(
				sends.filter((d) => !recorded.has(d.id)).map((d) => d.id),
				[],
				'ids of the burst missing in Postgres',
			);
		},
	);

	if (s.burst) {
		await check(
			'queue: replaying every id of the burst to the other processor passes none on (runs without an output item)',
			async () => {
				const before = (await executionRows(s.wf.id)).length;
				const suppressedBefore = (await runsById()).suppressed;
				const replays = await Promise.all(s.burst.map((d) => deliverTo(d.other, d.id)));
				for (const r of replays) assert.deepEqual(r, { status: 200, body: { received: true } });
				const n = await settled(s.wf.id, before + BURST);
				const runs = await runsById();
				for (const d of s.burst) assert.equal(runs.get(d.id), 1, `${d.id}: ${runs.get(d.id)} runs`);
				assert.equal(runs.suppressed - suppressedBefore, BURST);
				await fence(n);
			},
		);
	}

	await check(
		'queue: processor A restarts; what was processed (by itself and by B) passes nothing on',
		async () => {
			const before = (await executionRows(s.wf.id)).length;
			const suppressedBefore = (await runsById()).suppressed;
			await A.restart();
			await A.waitForWebhook(triggerPath);
			const ids = [s.firstId, ...(s.burst ?? []).map((d) => d.id)];
			const answers = await Promise.all(ids.map((id) => deliverTo(A, id)));
			for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a));
			const n = await waitFor(async () => {
				const rows = await executionRows(s.wf.id);
				return rows.every(isDone) ? rows.length : 0;
			}, 'the replays to finish');
			const runs = await runsById();
			for (const id of ids) assert.equal(runs.get(id), 1, `${id}: ${runs.get(id)} runs`);
			assert.equal(runs.suppressed - suppressedBefore, n - before);
			await fence(n);
		},
	);

	// ------------------------------------------------------------------ the same delivery at both processors at once
	await check(
		'queue: the same delivery at both processors at the same instant runs once (one worker checks its runs one after another)',
		async () => {
			// Copy 2 reaches the other processor `offset` ms after copy 1 was sent; two trials per
			// offset, alternating which processor gets copy 1.
			const offsets = [0, 0, 25, 25, 50, 50, 100, 100, 200, 200, 400, 400];
			const trials = offsets.map((offset, i) => ({
				id: `msg_${uid(`same${i}`)}`,
				offset,
				first: i % 2 ? B : A,
				second: i % 2 ? A : B,
			}));
			for (const trial of trials) {
				expected.set(trial.id, 1);
				const answers = await Promise.all([
					send(signedRequest(trial.first, trial.id)),
					new Promise((r) => setTimeout(r, trial.offset)).then(() =>
						send(signedRequest(trial.second, trial.id)),
					),
				]);
				for (const a of answers) assert.equal(a.status, 200, JSON.stringify(answers));
			}
			const n = await waitFor(async () => {
				const runs = await runsById();
				const rows = await executionRows(s.wf.id);
				return trials.every((tr) => runs.get(tr.id) >= 1) && rows.every(isDone) ? rows.length : 0;
			}, 'a run per trial');
			await fence(n);
			const runs = await runsById();
			const twice = trials.filter((tr) => runs.get(tr.id) !== 1);
			log(
				`same delivery at A and B, copy 2 after ${JSON.stringify(offsets)} ms: ${twice.length} of ${trials.length} passed on twice`,
			);
			assert.deepEqual(
				twice.map((tr) => [tr.offset, runs.get(tr.id)]),
				[],
			);
		},
	);

	await check('queue: republishing in main keeps exactly one endpoint', async () => {
		const wf = await main.getWorkflow(s.wf.id);
		await main.updateWorkflow(s.wf.id, { ...wf, name: `${wf.name} (republished)` });
		await main.activate(s.wf.id);
		await waitFor(() => endpoints().length === 1, 'one endpoint');
		const eps = endpoints();
		assert.equal(eps.length, 1, `endpoints: ${JSON.stringify(eps)}`);
		assert.equal(eps[0].url, `${queue.balancer.url}/webhook/${triggerPath}`);
		if (eps[0].id !== s.endpointId) {
			// n8n re-creates a republished trigger's webhook: a new endpoint, a new secret.
			log(`republishing replaced endpoint ${s.endpointId} with ${eps[0].id}`);
			s.endpointId = eps[0].id;
			await main.updateCredential(s.secretCred.id, {
				name: s.secretCred.name,
				type: 'faxPlusWebhookSecretApi',
				data: { secret: secret() },
			});
		}
		for (const p of webhooks) await p.waitForWebhook(triggerPath);
		await fence((await executionRows(s.wf.id)).length);
	});

	await check('queue: every delivery of the suite ran exactly once', async () => {
		const runs = await runsById();
		const wrong = [...expected].filter(
			([id, most]) => !(runs.get(id) >= 1 && runs.get(id) <= most),
		);
		assert.deepEqual(
			wrong.map(([id]) => [id, runs.get(id) ?? 0]),
			[],
		);
		const unknown = [...runs.keys()].filter((id) => !expected.has(id));
		assert.deepEqual(unknown, [], 'runs no delivery of the suite explains');
		for (const e of await main.executions(s.wf.id, { includeData: false }))
			assert.ok(ranOnWorker(e.id), `execution ${e.id} did not run on the worker`);
	});

	await check('queue: deactivating in main leaves no endpoint', async () => {
		await main.deactivate(s.wf.id);
		await waitFor(() => endpoints().length === 0, 'the endpoint to be deleted');
	});

	// ------------------------------------------------------------------ Download Fax Document
	await check(
		"queue: Download Fax Document — the worker's run has the document byte for byte (binary data mode 'database') and sends it on",
		async () => {
			const docWebhookId = crypto.randomUUID();
			const mine = () =>
				Object.values(server.state.webhooks).filter((e) => e.url.includes(docWebhookId));
			const secretCred = await main.createCredential(
				'Fax.Plus signing secret (queue documents)',
				'faxPlusWebhookSecretApi',
				{
					secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
				},
			);
			const wf = await main.importWorkflow({
				name: 'queue: fax received → document → send it on',
				nodes: [
					triggerNode({
						id: s.triggerNodeId,
						webhookId: docWebhookId,
						pat: s.pat,
						secretCred,
						parameters: {
							authentication: 'accessToken',
							events: ['fax_received'],
							options: { downloadDocument: true },
						},
					}),
					{
						id: crypto.randomUUID(),
						name: SEND,
						type: 'n8n-nodes-faxplus.faxPlus',
						typeVersion: 1,
						position: [240, 0],
						parameters: {
							authentication: 'accessToken',
							resource: 'fax',
							operation: 'send',
							userId: 'self',
							to: '+4930123456',
							from: '+15551230001',
							binaryPropertyNames: 'data',
							options: {},
						},
						credentials: credRef('faxPlusApi', s.pat),
					},
				],
				connections: { [NODE]: { main: [[{ node: SEND, type: 'main', index: 0 }]] } },
			});
			try {
				await main.activate(wf.id);
				const [ep] = await waitFor(() => (mine().length ? mine() : null), 'the endpoint');
				await main.updateCredential(secretCred.id, {
					name: secretCred.name,
					type: 'faxPlusWebhookSecretApi',
					data: { secret: server.getEndpointSecret(ep.id) },
				});
				for (const p of webhooks) await p.waitForWebhook(`${docWebhookId}/webhook`);

				const faxId = `fax_queue_${crypto.randomBytes(4).toString('hex')}`;
				const from = server.requests.length;
				const [res] = await server.deliver({
					event: 'fax_received',
					onlyEndpointId: ep.id,
					data: { id: faxId, from: '+4930123456', to: '+15551230001', pages: 1 },
				});
				assert.equal(res.attempts.at(-1).status, 200, JSON.stringify(res.attempts));
				assert.equal(await settled(wf.id, 1), 1);
				const [exec] = await main.executions(wf.id);
				assertSuccess(exec);
				assert.ok(ranOnWorker(exec.id), `the worker's log does not name execution ${exec.id}`);

				const served = await fetch(
					`${server.baseUrl}/accounts/self/files/${encodeURIComponent(faxId)}?format=pdf`,
					{ headers: { authorization: `Bearer ${server.tokens.pat}` } },
				);
				assert.equal(served.status, 200);
				const expectedBytes = Buffer.from(await served.arrayBuffer());
				assert.ok(
					expectedBytes.includes(Buffer.from(faxId)),
					'the served PDF does not name the fax',
				);

				const [item] = outputOf(exec, NODE);
				assert.equal(
					item.json.documentError,
					undefined,
					`documentError: ${item.json.documentError}`,
				);
				assert.equal(item.binary.data.fileName, `${faxId}.pdf`);
				// Stored by the worker (the download runs in the execution) in Postgres, not in the item or on its disk.
				assert.match(String(item.binary.data.id), /^database:/);
				const fileId = String(item.binary.data.id).slice('database:'.length);
				const rows = await queue.psql(
					`SELECT encode(data, 'hex'), "sourceType", "sourceId" FROM binary_data WHERE "fileId" = '${fileId}'`,
				);
				assert.equal(rows.length, 1, `binary_data rows for ${fileId}: ${rows.length}`);
				// Reported, not asserted (n8n's behaviour): what the editor gets for it from main.
				const viaEditor = await main.binaryData(item.binary.data).then(
					() => 'serves it',
					(e) => `answers ${e.status}`,
				);
				log(
					`the document is stored under ${rows[0][1]} ${rows[0][2]} (execution ${exec.id}); main's /rest/binary-data ${viaEditor}`,
				);
				assert.ok(
					Buffer.from(rows[0][0], 'hex').equals(expectedBytes),
					'the document in Postgres differs from the served one',
				);

				// The worker read it: the Fax.Plus node uploaded the PDF it writes from those bytes.
				const written = await writtenPdf(expectedBytes);
				const uploads = apiRequests(server, from).filter(
					(r) => r.method === 'POST' && r.path === '/v3/accounts/self/files',
				);
				assert.equal(uploads.length, 1, 'expected one upload');
				const { files } = parseMultipart(
					uploads[0].rawBody,
					String(uploads[0].headers['content-type']),
				);
				assert.equal(files.length, 1);
				assert.ok(
					files[0].data.equals(written),
					`uploaded ${files[0].data.length} bytes differ from the ${written.length} written from the served document`,
				);
				assert.equal(outputOf(exec, SEND).length, 1);
			} finally {
				await main.deactivate(wf.id).catch(() => {});
			}
			await waitFor(() => mine().length === 0, 'the endpoint to be deleted');
		},
	);

	// ------------------------------------------------------------------ the polling trigger
	await check(
		'queue: the polling trigger polls from main only: a new fax starts exactly one run, on the worker',
		async () => {
			const NODE_POLL = 'Fax.Plus Polling Trigger';
			const addFax = async (fields) => {
				const res = await fetch(`${server.origin}/_control/faxes`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(fields),
				});
				assert.equal(res.status, 200, await res.clone().text());
			};
			const lists = (from) =>
				server.requests.slice(from).filter((request) => request.path === '/v3/accounts/self/faxes');
			const wf = await main.importWorkflow({
				name: 'queue: polling trigger',
				nodes: [pollingTriggerNode({ name: NODE_POLL, pat: s.pat }).node],
				connections: {},
			});
			const from = server.requests.length;
			await main.activate(wf.id);
			await waitFor(() => lists(from).length >= 1, 'the activation poll');
			await addFax({ id: 'fax_queue_poll' });
			const runsWith = async () =>
				(await main.executions(wf.id)).filter((e) =>
					(outputOf(e, NODE_POLL) ?? []).some((item) => item.json.faxId === 'fax_queue_poll'),
				);
			const added = server.requests.length;
			const [run] = await waitFor(
				async () => {
					const found = await runsWith();
					return found.length && isDone(found[0]) ? found : null;
				},
				'a run with the new fax',
				120000,
			).catch(async (error) => {
				// What main did meanwhile: its polls (list requests) and the runs they started.
				const runs = (await main.executions(wf.id)).map(
					(e) =>
						`${e.id} ${e.status}: ${(outputOf(e, NODE_POLL) ?? []).map((item) => item.json.faxId)}`,
				);
				log(
					`since the fax was added: ${lists(added).length} fax list requests; runs: ${runs.join(' | ') || 'none'}`,
				);
				throw error;
			});
			assertSuccess(run);
			assert.equal(run.mode, 'trigger');
			assert.ok(ranOnWorker(run.id), `the worker's log does not name execution ${run.id}`);
			// Two more polls: were the worker or a webhook processor polling too, the fax would come again.
			const after = lists(0).length;
			await waitFor(() => lists(0).length >= after + 2, 'two more polls', 90000);
			assert.equal((await runsWith()).length, 1);
			assert.equal((await main.executions(wf.id)).length, 1);
			log(`fax list requests since activation: ${lists(from).length} (one per poll of one event)`);
			await main.deactivate(wf.id);
		},
	);

	// The repeat record across workers: starts two more workers, and stops them.
	await require('./repeats')({ check, log, queue, server, pat: s.pat });

	// Last: it stops the suite's worker and starts two of its own.
	await require('./same-key')({ check, log, queue, server, pat: s.pat });

	t.results = { sameInstant: s.sameInstant };
	server.reset();
};
