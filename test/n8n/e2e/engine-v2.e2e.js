'use strict';
// Both Fax.Plus triggers on n8n's Engine 2.0, in an n8n 2.41 of its own with the engine-v2 module
// on (N8N_ENABLED_MODULES=engine-v2, its data plane in a throwaway Postgres). Engine 2.0 takes a
// trigger's webhook() or poll() output and never runs its execute(), where the duplicate check
// runs, so both triggers refuse a workflow set to it (docs/versions.md, "n8n's Engine 2.0").
// A positive control first: n8n's own Webhook node on Engine 2.0 runs there (the engine's own
// database holds its execution), so the refusals below are the triggers' on a working Engine 2.0.
// Then each trigger's workflow is published, and run from the editor: each refusal names the
// engine, nothing is registered at Fax.Plus or listed, and no run passes a fax on. (Engine 2.0 of
// 2.41.1 runs a manual run of a polling workflow without calling poll(): one empty item.) A
// published webhook trigger whose workflow moves to Engine 2.0 answers 500 and starts nothing;
// moved back, Fax.Plus's re-send runs once.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { freePort, startN8n } = require('../../../scripts/n8n/n8n');
const { startPostgres } = require('../../../scripts/n8n/queue');
const { waitFor } = require('../../support/checks');
const {
	outputOf,
	pollingTriggerNode,
	thenReceived,
	triggerNode,
	uid,
	webhookNode,
} = require('./lib');

const TRIGGER = 'Fax.Plus Trigger';
const POLL = 'Fax.Plus Polling Trigger';
const ON_ENGINE_2 = { executionOrder: 'v1', engineType: 'v2' };

module.exports = async function engineV2(t) {
	const { check, server, started, log } = t;
	const [major, minor] = String(t.n8n.version).split('.').map(Number);
	if (major === 2 && minor < 41) {
		log(`engine-v2: n8n ${t.n8n.version} has no Engine 2.0 (2.41 on): nothing to check`);
		return;
	}
	server.reset();
	const s = {};

	/** What a publish answers: the publication's status, or the error activate() threw. */
	async function publish(n8n, id) {
		return n8n
			.activate(id)
			.then(() => n8n.waitForPublication(id))
			.then(
				(status) => JSON.stringify(status),
				(error) => String(error.message),
			);
	}

	/** What the editor's "Execute workflow" from `trigger` answers, or the error n8n gave. */
	async function manualRun(id, trigger) {
		return s.n8n.runManually(id, { triggerToStartFrom: { name: trigger } }).then(
			(answer) => JSON.stringify(answer),
			(error) => String(error.message),
		);
	}

	/** Requests since `mark` that registered or changed a webhook endpoint at Fax.Plus. */
	function webhookChanges(mark) {
		return server.requests
			.slice(mark)
			.filter((r) => r.method !== 'GET' && r.path.startsWith('/v3/webhooks'));
	}

	/** Requests since `mark` that listed faxes. */
	function faxLists(mark) {
		return server.requests.slice(mark).filter((r) => r.path === '/v3/accounts/self/faxes');
	}

	/** Sets a saved workflow's engine as its settings dialog does (the editor's API), as published. */
	async function moveTo(id, engineType) {
		const current = await s.n8n.rest('GET', `/workflows/${id}`);
		const updated = await s.n8n.rest('PATCH', `/workflows/${id}`, {
			versionId: current.versionId,
			settings: { ...current.settings, engineType },
		});
		assert.equal(updated.settings?.engineType, engineType, 'n8n did not keep the engine setting');
	}

	/** The trigger outputs Engine 2.0 recorded for a workflow's runs, as JSON texts. */
	async function engineTriggerOutputs(workflowId) {
		const rows = await s.pg.psql(
			`SELECT coalesce(trigger_outputs::text, 'null') FROM workflow_execution WHERE workflow_id = '${String(workflowId).replace(/'/g, '')}'`,
		);
		return rows.map(([text]) => text);
	}

	/** The engine's own executions of a workflow (Engine 2.0's data plane). */
	async function engineRuns(workflowId) {
		const [[count]] = await s.pg.psql(
			`SELECT count(*) FROM workflow_execution WHERE workflow_id = '${String(workflowId).replace(/'/g, '')}'`,
		);
		return Number(count);
	}

	const ready = await check(
		"engine-v2: an n8n with the engine-v2 module runs n8n's own Webhook node on Engine 2.0 (positive control)",
		async () => {
			s.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-faxplus-engine-v2-'));
			// Postgres runs as its own user when we are root: it must enter the folder.
			fs.chmodSync(s.dir, 0o711);
			started.push({ stop: async () => fs.rmSync(s.dir, { recursive: true, force: true }) });
			s.pg = await startPostgres(path.join(s.dir, 'pg'));
			started.push(s.pg);
			const { host, port, user, password, database } = s.pg;
			s.n8n = await startN8n({
				env: {
					N8N_ENABLED_MODULES: 'engine-v2',
					N8N_ENGINE_DATABASE_URL: `postgres://${user}:${password}@${host}:${port}/${database}`,
					N8N_ENGINE_HOST: '127.0.0.1',
					N8N_ENGINE_PORT: String(await freePort()),
					N8N_ENGINE_CONTROL_PLANE_PORT: String(await freePort()),
				},
			});
			started.push(s.n8n);
			log(`engine-v2: n8n ${s.n8n.version} at ${s.n8n.url}`);
			s.pat = await s.n8n.createCredential('Fax.Plus PAT (Engine 2.0)', 'faxPlusApi', {
				accessToken: server.tokens.pat,
				baseUrl: server.baseUrl,
			});
			s.secret = await s.n8n.createCredential(
				'Fax.Plus signing secret (Engine 2.0)',
				'faxPlusWebhookSecretApi',
				{ secret: '' },
			);
			const hookPath = uid('engine-v2');
			// Engine 2.0 answers webhooks only with "Respond: Immediately".
			const wf = await s.n8n.rest('POST', '/workflows', {
				name: 'e2e Webhook node on Engine 2.0',
				...thenReceived(webhookNode({ path: hookPath, responseMode: 'onReceived' })),
				settings: ON_ENGINE_2,
			});
			assert.equal(wf.settings?.engineType, 'v2', 'n8n did not keep the engine setting');
			const status = await publish(s.n8n, wf.id);
			assert.match(status, /"status":"activated"/, status);
			await s.n8n.waitForWebhook(hookPath);
			const res = await fetch(s.n8n.webhookUrl(hookPath), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{"hello":"engine 2"}',
			});
			assert.equal(res.status, 200, await res.text());
			await waitFor(async () => (await engineRuns(wf.id)) === 1, "Engine 2.0's execution", 30000);
		},
	);
	if (!ready) return;

	await check(
		'engine-v2: the Fax.Plus Trigger on Engine 2.0: publishing and running it from the editor fail with its refusal; no endpoint is registered, no run starts',
		async () => {
			const wf = await s.n8n.rest('POST', '/workflows', {
				name: 'e2e Fax.Plus Trigger on Engine 2.0',
				...thenReceived(
					triggerNode({ webhookId: crypto.randomUUID(), pat: s.pat, secretCred: s.secret }),
				),
				settings: ON_ENGINE_2,
			});
			const mark = server.requests.length;
			const refusal = await publish(s.n8n, wf.id);
			assert.match(refusal, /The Fax\.Plus Trigger cannot run on n8n's Engine 2\.0/);
			// "Execute workflow" / "Listen for test event" in the editor.
			const manual = await manualRun(wf.id, TRIGGER);
			assert.match(manual, /The Fax\.Plus Trigger cannot run on n8n's Engine 2\.0/);
			assert.deepEqual(
				webhookChanges(mark),
				[],
				'the refused trigger changed webhooks at Fax.Plus',
			);
			assert.deepEqual(Object.values(server.state.webhooks), []);
			assert.deepEqual(await s.n8n.executions(wf.id, { includeData: false }), []);
			assert.equal(await engineRuns(wf.id), 0);
		},
	);

	await check(
		'engine-v2: a published Fax.Plus Trigger whose workflow moves to Engine 2.0 answers a delivery 500, naming the engine, and starts nothing; moved back, the re-send runs once',
		async () => {
			const webhookId = crypto.randomUUID();
			const wf = await s.n8n.rest('POST', '/workflows', {
				name: 'e2e Fax.Plus Trigger moved to Engine 2.0',
				...thenReceived(triggerNode({ webhookId, pat: s.pat, secretCred: s.secret })),
				settings: { executionOrder: 'v1' },
			});
			const status = await publish(s.n8n, wf.id);
			assert.match(status, /"status":"activated"/, status);
			await waitFor(() => Object.values(server.state.webhooks).length === 1, 'an endpoint');
			await s.n8n.waitForWebhook(`${webhookId}/webhook`);
			const [endpoint] = Object.values(server.state.webhooks);
			await s.n8n.updateCredential(s.secret.id, {
				name: s.secret.name,
				type: 'faxPlusWebhookSecretApi',
				data: { secret: server.getEndpointSecret(endpoint.id) },
			});

			await moveTo(wf.id, 'v2');
			const [refused] = await server.deliver({
				event: 'fax_received',
				data: { id: 'fax_moved_to_engine_2' },
			});
			assert.deepEqual(
				refused.attempts.map((attempt) => attempt.status),
				[500],
				JSON.stringify(refused.attempts),
			);
			assert.match(refused.attempts[0].body, /n8n's Engine 2\.0/);
			assert.deepEqual(await s.n8n.executions(wf.id, { includeData: false }), []);
			assert.equal(await engineRuns(wf.id), 0);

			// Back on n8n's default engine, Fax.Plus's re-send of the refused delivery runs once.
			await moveTo(wf.id, 'v1');
			const [resent] = await server.replay(refused.webhookId);
			assert.equal(resent.attempts.at(-1).status, 200, JSON.stringify(resent.attempts));
			const runs = await s.n8n.waitForExecutions(wf.id, 1);
			assert.deepEqual(
				runs.map((run) => (outputOf(run, TRIGGER) ?? []).map((item) => item.json.webhookId)),
				[[refused.webhookId]],
			);
			assert.equal(await engineRuns(wf.id), 0);
			await s.n8n.deactivate(wf.id);
		},
	);

	await check(
		'engine-v2: the Polling Trigger on Engine 2.0: publishing fails with its refusal; run from the editor, Engine 2.0 calls no poll() and passes one empty item on; nothing is listed, no fax passes',
		async () => {
			await fetch(`${server.origin}/_control/faxes`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ id: 'fax_engine_2_poll' }),
			});
			const { node } = pollingTriggerNode({ name: POLL, pat: s.pat, parameters: { channels: '' } });
			const wf = await s.n8n.rest('POST', '/workflows', {
				name: 'e2e Fax.Plus Polling Trigger on Engine 2.0',
				...thenReceived(node),
				settings: ON_ENGINE_2,
			});
			const mark = server.requests.length;
			const refusal = await publish(s.n8n, wf.id);
			assert.match(refusal, /The Fax\.Plus Polling Trigger cannot run on n8n's Engine 2\.0/);
			// "Execute workflow" in the editor. Engine 2.0 (2.41.1) calls no poll() in a manual run: it
			// hands the next node one empty item as the trigger's output. Either way no fax passes.
			const manual = await manualRun(wf.id, POLL);
			log(`engine-v2: the Polling Trigger's manual run answered ${manual}`);
			const outputs = await engineTriggerOutputs(wf.id);
			log(`engine-v2: Engine 2.0's trigger outputs of it: ${outputs.join(' ')}`);
			if (!/The Fax\.Plus Polling Trigger cannot run on n8n's Engine 2\.0/.test(manual)) {
				assert.match(manual, /"executionId"/, manual);
				assert.equal(outputs.length, 1, 'one manual run on Engine 2.0');
			}
			for (const output of outputs) assert.doesNotMatch(output, /fax_/, 'a fax in the output');
			assert.deepEqual(faxLists(mark), [], 'the refused trigger listed faxes');
			const passed = (await s.n8n.executions(wf.id)).filter(
				(run) => run.data?.resultData?.runData?.Received,
			);
			assert.deepEqual(passed, [], 'a run passed a fax on');
		},
	);
};
// Engine 2.0 is a module of n8n 2.41 on; older 2.x and 1.x have none.
module.exports.n8nLines = [2];
