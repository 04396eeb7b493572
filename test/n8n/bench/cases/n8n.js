'use strict';
// Cases 3 and 5 inside a real n8n (scripts/n8n/n8n.js, the pinned version), with the
// package snapshot loaded as `n8n-nodes-faxplus` and the local Fax.Plus-compatible server:
//   node test/n8n/bench/cases/n8n.js <package> <out.json> <parts: trigger,action>
//
// trigger  Signed deliveries through an active Fax.Plus Trigger workflow (Trigger → No Op)
//          against n8n's built-in Webhook node in an otherwise identical workflow
//          (Webhook, respond immediately → No Op), against an empty community trigger (the
//          floor any community trigger pays: test/n8n/bench/lib/empty-trigger.js, whose webhook() passes the
//          body on as one item) and against a recording one (the same, passing each webhook-id on
//          once through n8n's processed-data store), same instance, same bodies and headers,
//          same load: BENCH_N8N_COUNT deliveries per workflow (default 1,000, in 10 rounds that
//          alternate between the workflows), BENCH_N8N_CONCURRENCY at a time (default 8), over
//          keep-alive connections on 127.0.0.1. A third workflow pairs the trigger with the
//          Fax.Plus Polling Trigger (both feed No Op), so its runs write two records in n8n's
//          processed-data store: the trigger's own (scope node) and the one the two share (scope
//          workflow), both already at the default cap (5,000 entries).
//          Per round: deliveries answered per second, and executions finished per second
//          (the round ends when the last execution of the round has stopped).
// action   "Get balance" (shop / getBalance) over BENCH_ACTION_ITEMS items (default 1,000)
//          against n8n's HTTP Request node doing the same call with header auth:
//          Webhook (POST, answers with the last node) → Split Out → the node. Requests per
//          second = items / the webhook call's time; BENCH_ACTION_ROUNDS rounds (default 5) each,
//          then the same with the server delaying every answer by BENCH_ACTION_LATENCY_MS (80).
// burst    Answer latency under bursts: BENCH_BURST_ROUNDS (default 5) rounds; in each, every
//          workflow of the trigger case gets BENCH_BURST_SIZE (default 100) signed deliveries sent
//          all at once (one connection each), then its executions finish before the next burst.
//          Latency is per request, from sending to the last byte of the answer.
// Every request is checked (status, answer, and the API calls the server received).
// Passes: BENCH_N8N_ENGINES (default "default,legacy"): one fresh n8n per pass; the second sets
// N8N_EXPRESSION_ENGINE=legacy and runs the trigger case only, to show how much of the gap is
// n8n's expression isolate. Other knobs: BENCH_N8N_ROUNDS, BENCH_N8N_WARMUP, BENCH_N8N_PREFILL,
// BENCH_N8N_ROUND_CAP_S (time cap per round, default 60).

const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const [pkgArg, outFile, partsArg = 'trigger,action'] = process.argv.slice(2);
const pkgDir = path.resolve(pkgArg);
const ROOT = path.resolve(__dirname, '../../../..');
const { startN8n } = require(path.join(ROOT, 'scripts/n8n/n8n.js'));
const { startFaxPlusServer } = require(path.join(ROOT, 'test/server'));
const { credRef } = require(path.join(ROOT, 'test/n8n/e2e/lib.js'));
const { signed, post, agent } = require('../lib/deliveries');
const { latencies } = require('../lib/stats');
const { processedDataOf } = require('../lib/processed-data');
const {
	node,
	chain,
	deploySplitOutWorkflow,
	triggerWorkflow: deployTrigger,
	webhookWorkflow,
} = require('../lib/workflows');
const { writeEmptyTrigger, emptyTriggerWorkflow } = require('../lib/empty-trigger');

const PKG = require(path.join(pkgDir, 'package.json')).name;
const ACTION = `${PKG}.faxPlus`;
const COUNT = Number(process.env.BENCH_N8N_COUNT || 1000);
const ROUNDS = Number(process.env.BENCH_N8N_ROUNDS || 10);
const CONCURRENCY = Number(process.env.BENCH_N8N_CONCURRENCY || 8);
const WARMUP = Number(process.env.BENCH_N8N_WARMUP || 50);
const PREFILL = Number(process.env.BENCH_N8N_PREFILL || 5000);
const ITEMS = Number(process.env.BENCH_ACTION_ITEMS || 1000);
const ACTION_ROUNDS = Number(process.env.BENCH_ACTION_ROUNDS || 5);
const ACTION_LATENCY_MS = Number(process.env.BENCH_ACTION_LATENCY_MS || 80);
const ROUND_CAP_MS = Number(process.env.BENCH_N8N_ROUND_CAP_S || 60) * 1000;
const BURST_ROUNDS = Number(process.env.BENCH_BURST_ROUNDS || 5);
const BURST_SIZE = Number(process.env.BENCH_BURST_SIZE || 100);
const PART_CAP_MS = 15 * 60 * 1000;

const parts = new Set(partsArg.split(',').filter(Boolean));
const log = (...a) => console.error('[bench:n8n]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------ HTTP load

/** Sends the deliveries with `concurrency` in flight; stops at the time cap. */
async function blast(url, deliveries, concurrency, capMs, check) {
	let next = 0;
	const results = [];
	const deadline = Date.now() + capMs;
	const t0 = Date.now();
	const hr0 = process.hrtime.bigint();
	async function worker() {
		while (next < deliveries.length && Date.now() < deadline) {
			const d = deliveries[next++];
			const r = await post(url, d.headers, d.body);
			r.ok = r.status === 200 && check(r);
			results.push(r);
		}
	}
	await Promise.all(Array.from({ length: concurrency }, worker));
	return { startedAt: t0, seconds: Number(process.hrtime.bigint() - hr0) / 1e9, results };
}

// ------------------------------------------------------------------ n8n helpers

/** Executions of a workflow: exact count and the newest one (REST API, one request). */
async function executionCount(n8n, workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId: String(workflowId) }));
	const r = await n8n.rest('GET', `/executions?filter=${filter}&limit=1`);
	return { count: r.count, estimated: r.estimated, newest: r.results?.[0] };
}

/** Waits until the workflow has `n` finished executions; returns the newest's stop time (ms). */
async function waitForExecutions(n8n, workflowId, n, capMs = ROUND_CAP_MS) {
	const deadline = Date.now() + capMs;
	for (;;) {
		const { count, newest } = await executionCount(n8n, workflowId);
		const finished =
			newest && newest.stoppedAt && newest.status !== 'running' && newest.status !== 'new';
		if (count >= n && finished) {
			return { count, stoppedAt: Date.parse(newest.stoppedAt), status: newest.status };
		}
		if (Date.now() > deadline) return { count, stoppedAt: NaN, timedOut: true };
		await sleep(50);
	}
}

/** The Fax.Plus Trigger → No Op; `prefill`: its records start at PREFILL entries (SQLite). */
async function triggerWorkflow(n8n, s, name, { prefill = false, paired = false } = {}) {
	return await deployTrigger(n8n, s, name, {
		pkg: PKG,
		paired,
		prefill: prefill
			? (workflowId, contexts) => prefillProcessedData(n8n, workflowId, PREFILL, contexts)
			: undefined,
	});
}

/**
 * n8n's processed-data store (its `processed_data` table, what `checkProcessedAndRecord` keeps)
 * with `n` entries in each of the workflow's records named by `contexts` (`n:<node ID>`: the
 * trigger's own record, scope node; '': the record it shares with the Polling Trigger, scope
 * workflow), as a long-running trigger leaves them: one entry per delivery (its own record
 * `id:<webhook-id>`, the shared one an HMAC of the fax-event key); n8n stores each entry as the
 * MD5 of the value, base64, so the value's form does not change the row's size.
 */
async function prefillProcessedData(n8n, workflowId, n, contexts) {
	const sqlite3 = require(
		require.resolve('sqlite3', { paths: [path.join(n8n.installDir, 'node_modules/n8n')] }),
	);
	const data = () =>
		Array.from({ length: n }, () => {
			const value = `id:msg_${crypto.randomBytes(12).toString('hex')}`;
			return crypto.createHash('md5').update(value).digest('base64');
		});
	const db = new sqlite3.Database(path.join(n8n.userFolder, '.n8n/database.sqlite'));
	const run = (sql, params) =>
		new Promise((resolve, reject) =>
			db.run(sql, params, (error) => (error ? reject(error) : resolve())),
		);
	try {
		await run('PRAGMA busy_timeout = 10000');
		for (const context of contexts)
			await run(
				'INSERT INTO processed_data ("workflowId", "context", "value", "createdAt", "updatedAt") VALUES (?, ?, ?, STRFTIME(\'%Y-%m-%d %H:%M:%f\', \'NOW\'), STRFTIME(\'%Y-%m-%d %H:%M:%f\', \'NOW\'))',
				[String(workflowId), context, JSON.stringify({ mode: 'entries', data: data() })],
			);
	} finally {
		await new Promise((resolve) => db.close(resolve));
	}
}

// ------------------------------------------------------------------ case 3

/**
 * Sends `count` deliveries signed for workflow `name`, `concurrency` at a time, then waits until
 * n8n has run all of them; `expected` counts each workflow's deliveries so far.
 */
async function deliverAndSettle(n8n, targets, secret, expected, name, count, concurrency) {
	const t = targets[name];
	const r = await blast(t.url, signed(secret, count), concurrency, ROUND_CAP_MS, t.check);
	expected[name] += r.results.length;
	const done = await waitForExecutions(n8n, t.id, expected[name]);
	return { r, done };
}

async function benchTrigger(n8n, s) {
	const targets = {
		webhook: await webhookWorkflow(n8n, 'bench: built-in Webhook → No Op'),
		empty: await emptyTriggerWorkflow(n8n, 'bench: empty community trigger → No Op'),
		recording: await emptyTriggerWorkflow(
			n8n,
			'bench: recording community trigger → No Op',
			'recording',
		),
		trigger: await triggerWorkflow(n8n, s, 'bench: Fax.Plus Trigger → No Op'),
	};
	if (PREFILL > 0) {
		targets.triggerAtCap = await triggerWorkflow(
			n8n,
			s,
			`bench: Fax.Plus Trigger + Polling Trigger (both records at ${PREFILL}) → No Op`,
			{ prefill: true, paired: true },
		);
	}
	const names = Object.keys(targets);
	const signingSecret = targets.trigger.secret;
	const secretOf = (name) => targets[name].secret ?? signingSecret;
	const out = {
		count: COUNT,
		rounds: ROUNDS,
		concurrency: CONCURRENCY,
		warmup: WARMUP,
		prefill: PREFILL,
		targets: {},
	};
	for (const name of names)
		out.targets[name] = { rounds: [], latenciesMs: [], errors: 0, errorSamples: [], executions: 0 };
	const expected = Object.fromEntries(names.map((n) => [n, 0]));
	const started = Date.now();

	// Warm-up: every workflow, not measured.
	for (const name of names) {
		const { r } = await deliverAndSettle(
			n8n,
			targets,
			secretOf(name),
			expected,
			name,
			WARMUP,
			CONCURRENCY,
		);
		const bad = r.results.filter((x) => !x.ok);
		if (bad.length)
			throw new Error(
				`${name}: ${bad.length} of ${r.results.length} warm-up deliveries failed, e.g. ${bad[0].status} ${bad[0].body.slice(0, 200)}`,
			);
	}
	log(`warm-up done (${WARMUP} per workflow)`);

	const perRound = Math.ceil(COUNT / ROUNDS);
	for (let round = 0; round < ROUNDS; round++) {
		for (let k = 0; k < names.length; k++) {
			const name = names[(round + k) % names.length];
			if (Date.now() - started > PART_CAP_MS) {
				log('time cap reached; stopping the trigger case early');
				break;
			}
			const { r, done } = await deliverAndSettle(
				n8n,
				targets,
				secretOf(name),
				expected,
				name,
				perRound,
				CONCURRENCY,
			);
			const o = out.targets[name];
			const ok = r.results.filter((x) => x.ok);
			o.errors += r.results.length - ok.length;
			for (const x of r.results.filter((y) => !y.ok).slice(0, 3 - o.errorSamples.length))
				o.errorSamples.push(`${x.status} ${x.body.slice(0, 160)}`);
			o.latenciesMs.push(...r.results.map((x) => x.ms));
			o.executions = done.count;
			o.rounds.push({
				sent: r.results.length,
				ok: ok.length,
				seconds: r.seconds,
				answeredPerSecond: r.results.length / r.seconds,
				completedPerSecond: r.results.length / ((done.stoppedAt - r.startedAt) / 1000),
				executionsTimedOut: Boolean(done.timedOut),
			});
			log(
				`round ${round + 1}/${ROUNDS} ${name}: ${(r.results.length / r.seconds).toFixed(0)}/s answered, ${o.rounds.at(-1).completedPerSecond.toFixed(0)}/s completed, ${o.errors} errors`,
			);
		}
	}
	for (const name of names) {
		const o = out.targets[name];
		o.latency = latencies(o.latenciesMs);
		delete o.latenciesMs;
		o.expectedExecutions = expected[name];
		o.missingExecutions = Math.max(0, expected[name] - o.executions);
	}
	// n8n's processed-data store (the records the trigger's runs write).
	for (const name of names.filter((n) => n.startsWith('trigger'))) {
		out.targets[name].processedData = await processedDataOf(
			n8n,
			targets[name].id,
			targets[name].records,
		).catch((error) => ({ error: error.message }));
	}
	for (const t of Object.values(targets)) await n8n.deactivate(t.id).catch(() => {});
	return out;
}

// ------------------------------------------------------------------ bursts

/** Answer latency when deliveries come in bursts (all of a burst at once). */
async function benchBurst(n8n, s) {
	const targets = {
		webhook: await webhookWorkflow(n8n, 'burst: built-in Webhook → No Op'),
		trigger: await triggerWorkflow(n8n, s, 'burst: Fax.Plus Trigger → No Op'),
	};
	if (PREFILL > 0)
		targets.triggerAtCap = await triggerWorkflow(
			n8n,
			s,
			`burst: Fax.Plus Trigger (record at ${PREFILL}) → No Op`,
			{ prefill: true },
		);
	const names = Object.keys(targets);
	const secretOf = (name) => targets[name].secret ?? targets.trigger.secret;
	const out = {
		rounds: BURST_ROUNDS,
		size: BURST_SIZE,
		warmup: WARMUP,
		prefill: PREFILL,
		targets: {},
	};
	const all = {};
	const expected = Object.fromEntries(names.map((n) => [n, 0]));
	for (const name of names) {
		out.targets[name] = { errors: 0, errorSamples: [], roundP50: [], roundP99: [] };
		all[name] = [];
		await deliverAndSettle(n8n, targets, secretOf(name), expected, name, WARMUP, CONCURRENCY);
	}
	for (let round = 0; round < BURST_ROUNDS; round++) {
		for (let k = 0; k < names.length; k++) {
			const name = names[(round + k) % names.length];
			const { r } = await deliverAndSettle(
				n8n,
				targets,
				secretOf(name),
				expected,
				name,
				BURST_SIZE,
				BURST_SIZE,
			);
			const o = out.targets[name];
			const bad = r.results.filter((x) => !x.ok);
			o.errors += bad.length;
			for (const x of bad.slice(0, 3 - o.errorSamples.length))
				o.errorSamples.push(`${x.status} ${x.body.slice(0, 160)}`);
			const l = latencies(r.results.map((x) => x.ms));
			o.roundP50.push(l.p50);
			o.roundP99.push(l.p99);
			all[name].push(...r.results.map((x) => x.ms));
			log(
				`burst ${round + 1}/${BURST_ROUNDS} ${name}: p50 ${l.p50.toFixed(0)} ms, p99 ${l.p99.toFixed(0)} ms, ${bad.length} errors`,
			);
		}
	}
	for (const name of names) {
		out.targets[name].latency = latencies(all[name]);
		out.targets[name].executions = (await executionCount(n8n, targets[name].id)).count;
		out.targets[name].expectedExecutions = expected[name];
	}
	for (const t of Object.values(targets)) await n8n.deactivate(t.id).catch(() => {});
	return out;
}

// ------------------------------------------------------------------ case 5

async function benchAction(n8n, s) {
	const header = await n8n.createCredential('bench header auth', 'httpHeaderAuth', {
		name: 'Authorization',
		value: `Bearer ${s.server.tokens.pat}`,
	});
	const make = async (label, actionNode) =>
		await deploySplitOutWorkflow(n8n, `bench: ${label} × ${ITEMS}`, actionNode);
	const targets = {
		httpRequest: await make(
			'HTTP Request GET /shop/balance',
			node(
				'Get Balance',
				'n8n-nodes-base.httpRequest',
				4.2,
				{
					method: 'GET',
					url: `${s.server.baseUrl}/shop/balance`,
					authentication: 'genericCredentialType',
					genericAuthType: 'httpHeaderAuth',
					options: {},
				},
				{ credentials: credRef('httpHeaderAuth', header) },
			),
		),
		faxPlus: await make(
			'Fax.Plus shop getBalance',
			node(
				'Get Balance',
				ACTION,
				1,
				{ authentication: 'accessToken', resource: 'shop', operation: 'getBalance' },
				{ credentials: credRef('faxPlusApi', s.pat) },
			),
		),
		// Items at Once set to the item count: the HTTP Request node's concurrency (every item at once).
		faxPlusAll: await make(
			'Fax.Plus shop getBalance, all items at once',
			node(
				'Get Balance',
				ACTION,
				1,
				{
					authentication: 'accessToken',
					resource: 'shop',
					operation: 'getBalance',
					nodeOptions: { itemsAtOnce: ITEMS },
				},
				{ credentials: credRef('faxPlusApi', s.pat) },
			),
		),
	};
	const body = Buffer.from(JSON.stringify({ items: Array.from({ length: ITEMS }, (_, i) => i) }));
	const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };
	const out = { items: ITEMS, rounds: ACTION_ROUNDS, targets: {} };
	// On loopback the default node against the HTTP Request node; at the latency all three.
	const loopbackNames = ['httpRequest', 'faxPlus'];
	const names = Object.keys(targets);
	for (const name of loopbackNames) out.targets[name] = { runs: [] };
	const started = Date.now();

	async function once(name) {
		s.server.clearRequests();
		let r = await post(targets[name].url, headers, body, ROUND_CAP_MS);
		// On a loaded machine n8n sometimes answers 503 "Database is not ready" (its database health
		// check timed out) before running anything: that run is repeated, at most 3 times, and logged.
		for (let retry = 1; retry <= 3 && r.status === 503 && s.server.requests.length === 0; retry++) {
			log(
				`action ${name}: n8n answered 503 (${r.body.slice(0, 80)}); running the round again (${retry}/3)`,
			);
			await new Promise((resolve) => setTimeout(resolve, 2000));
			s.server.clearRequests();
			r = await post(targets[name].url, headers, body, ROUND_CAP_MS);
		}
		const calls = s.server.requests.filter(
			(q) => q.method === 'GET' && q.path === '/v3/shop/balance',
		);
		const okCalls = calls.filter((q) => q.status === 200).length;
		let answer;
		try {
			answer = JSON.parse(r.body);
		} catch {
			answer = undefined;
		}
		const ok = r.status === 200 && okCalls === ITEMS && answer && typeof answer.amount === 'number';
		if (!ok)
			throw new Error(
				`${name}: status ${r.status}, ${okCalls}/${ITEMS} API calls answered 200, answer ${r.body.slice(0, 200)}`,
			);
		return { ms: r.ms, requestsPerSecond: ITEMS / (r.ms / 1000), apiCalls: calls.length };
	}

	/** Warm-up, then rounds that alternate between the nodes; into `into[name].runs`. */
	async function rounds(into, label) {
		const names = Object.keys(into);
		for (const name of names) await once(name); // warm-up
		for (let round = 0; round < ACTION_ROUNDS; round++) {
			if (Date.now() - started > PART_CAP_MS) break;
			for (let k = 0; k < names.length; k++) {
				const name = names[(round + k) % names.length];
				const run = await once(name);
				into[name].runs.push(run);
				log(
					`action${label} round ${round + 1}/${ACTION_ROUNDS} ${name}: ${run.requestsPerSecond.toFixed(0)} requests/s`,
				);
			}
		}
	}
	await rounds(out.targets, '');
	// The same at a real API's latency: every answer of the server delayed.
	out.latency = {
		latencyMs: ACTION_LATENCY_MS,
		targets: Object.fromEntries(names.map((name) => [name, { runs: [] }])),
	};
	s.server.setNetwork({ latencyMs: ACTION_LATENCY_MS });
	try {
		await rounds(out.latency.targets, ` at ${ACTION_LATENCY_MS} ms`);
	} finally {
		s.server.setNetwork({ latencyMs: 0 });
	}
	for (const t of Object.values(targets)) await n8n.deactivate(t.id).catch(() => {});
	return out;
}

// ------------------------------------------------------------------ main

/** One n8n instance (fresh user folder and local server) with the given expression engine. */
async function pass(engine) {
	const s = {};
	const out = { engine, loadBefore: os.loadavg()[0] };
	let n8n;
	// The user folder carries the empty and recording community triggers beside the package.
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-faxplus-bench-'));
	try {
		s.server = await startFaxPlusServer();
		const env = { N8N_LOG_LEVEL: 'warn' };
		if (engine !== 'default') env.N8N_EXPRESSION_ENGINE = engine;
		writeEmptyTrigger(userFolder);
		n8n = await startN8n({ env, userFolder });
		out.n8nVersion = n8n.version;
		s.pat = await n8n.createCredential('bench PAT', 'faxPlusApi', {
			accessToken: s.server.tokens.pat,
			baseUrl: s.server.baseUrl,
		});
		if (parts.has('trigger')) out.trigger = await benchTrigger(n8n, s);
		if (parts.has('action') && engine === 'default') out.action = await benchAction(n8n, s);
		if (parts.has('burst')) out.burst = await benchBurst(n8n, s);
	} finally {
		if (n8n) await n8n.stop().catch((e) => log(`stopping n8n: ${e.message}`));
		if (s.server) await s.server.close();
		fs.rmSync(userFolder, { recursive: true, force: true, maxRetries: 5 });
	}
	out.loadAfter = os.loadavg()[0];
	return out;
}

async function main() {
	// n8n's default expression engine in 2.41 runs expressions in an isolate; `legacy` is the
	// in-process one. The second pass shows how much of a gap comes from the isolate.
	const engines = (process.env.BENCH_N8N_ENGINES || 'default,legacy').split(',').filter(Boolean);
	const out = { passes: [] };
	try {
		for (const engine of engines) {
			if (engine !== 'default' && !parts.has('trigger') && !parts.has('burst')) continue;
			log(`pass with the ${engine} expression engine`);
			out.passes.push(await pass(engine));
			fs.writeFileSync(outFile, JSON.stringify(out));
		}
	} finally {
		agent.destroy();
	}
	fs.writeFileSync(outFile, JSON.stringify(out));
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error && error.stack ? error.stack : error);
		process.exit(1);
	},
);
