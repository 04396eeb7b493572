'use strict';
// Section 2: what one delivery writes to Postgres's write-ahead log (WAL), the Fax.Plus Trigger
// beside n8n's Webhook node, with the trigger's record young and at its cap:
//   node test/n8n/bench/cases/wal.js <package> <out.json>
//
// One n8n (scripts/n8n/n8n.js, the pinned version) on a throwaway Postgres 15 cluster
// (startPostgres of scripts/n8n/queue.js: fsync, synchronous_commit and full_page_writes off), the
// package packed (`npm pack`) and installed from its tarball as users install it, the local
// Fax.Plus-compatible server. Single process by default: the trigger's record costs the same in
// both modes (one processed-data row, written whole per check), while queue mode adds Redis and two
// more n8n processes to a shared machine. BENCH_WAL_MODE=queue runs it in queue mode instead
// (startQueue with one webhook processor), where n8n writes each execution in more steps.
// Three active workflows: Webhook node → No Op, Fax.Plus Trigger → No Op with a young record, and
// Fax.Plus Trigger → No Op whose record (its row in n8n's `processed_data` table, written in n8n's
// format) starts with BENCH_WAL_PREFILL entries (default 30,000: more than any cap the trigger keeps,
// so the warm-up's first check trims it to the trigger's own cap, whatever the code measured).
// Deliveries go one at a time, each signed with the endpoint's whsec_ secret, and the next is sent
// only when n8n has finished the run of the previous one: one check of the record per delivery, as
// when faxes arrive seconds apart. Per round and workflow: pg_current_wal_insert_lsn() before and
// after BENCH_WAL_PER_ROUND deliveries (default 10; the WAL quiet before each reading), over
// BENCH_WAL_ROUNDS rounds (default 3) that alternate between the workflows, after BENCH_WAL_WARMUP
// deliveries each (default 3). Every answer and every run is checked.

const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const [pkgArg, outFile] = process.argv.slice(2);
const pkgDir = path.resolve(pkgArg);
const ROOT = path.resolve(__dirname, '../../../..');
const { startN8n } = require(path.join(ROOT, 'scripts/n8n/n8n.js'));
const { startPostgres, startQueue, postgresEnv } = require(path.join(ROOT, 'scripts/n8n/queue.js'));
const { startFaxPlusServer } = require(path.join(ROOT, 'test/server'));
const { signed, post, agent } = require('../lib/deliveries');
const { triggerWorkflow, webhookWorkflow } = require('../lib/workflows');

const PKG = require(path.join(pkgDir, 'package.json')).name;
const ROUNDS = Number(process.env.BENCH_WAL_ROUNDS || 3);
const PER_ROUND = Number(process.env.BENCH_WAL_PER_ROUND || 10);
const WARMUP = Number(process.env.BENCH_WAL_WARMUP || 3);
const PREFILL = Number(process.env.BENCH_WAL_PREFILL || 30000);
const RUN_CAP_MS = 30000;
const QUEUE = process.env.BENCH_WAL_MODE === 'queue';
const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

const log = (...a) => console.error('[bench:wal]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The WAL's insert position (bytes); with synchronous_commit off the written one lags behind. */
async function walPosition(db) {
	const { rows } = await db.query(
		"SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint AS at",
	);
	return Number(rows[0].at);
}

/** The WAL position once nothing has been written for 300 ms (n8n's writes after a run settled). */
async function quietWalPosition(db, capMs = 5000) {
	const deadline = Date.now() + capMs;
	let last = await walPosition(db);
	let still = 0;
	while (still < 3 && Date.now() < deadline) {
		await sleep(100);
		const now = await walPosition(db);
		still = now === last ? still + 1 : 0;
		last = now;
	}
	return last;
}

/** A WAL position (bytes) as Postgres writes an LSN. */
const lsn = (at) => `${Math.floor(at / 2 ** 32).toString(16)}/${(at % 2 ** 32).toString(16)}`;

/**
 * Where the WAL between two positions went, read with pg_waldump from the cluster's pg_wal (single
 * process only): bytes per relation a record touches first (a TOAST table or index named after
 * its table), else per kind of record.
 */
async function walByRelation(db, walDir, from, to) {
	// What pg_waldump reads must be written out (synchronous_commit is off).
	const deadline = Date.now() + 5000;
	while ((await flushedPosition(db)) < to && Date.now() < deadline) await sleep(50);
	const dump = spawnSync(
		path.join(PG_BIN, 'pg_waldump'),
		['-p', walDir, '-s', lsn(from), '-e', lsn(to)],
		{
			encoding: 'utf8',
			maxBuffer: 64 << 20,
		},
	);
	const bytes = new Map();
	for (const line of dump.stdout.split('\n')) {
		const size = /len \(rec\/tot\):\s*\d+\/\s*(\d+)/.exec(line);
		if (!size) continue;
		const node = /blkref #0: rel \d+\/\d+\/(\d+)/.exec(line)?.[1];
		const key = node ?? `(${/^rmgr: (\S+)/.exec(line)?.[1] ?? 'other'})`;
		bytes.set(key, (bytes.get(key) ?? 0) + Number(size[1]));
	}
	const { rows } = await db.query(
		`SELECT c.relfilenode::text AS node,
		        COALESCE(o.relname || CASE WHEN c.relkind = 'i' THEN ' (TOAST index)' ELSE ' (TOAST)' END, c.relname) AS name
		   FROM pg_class c
		   LEFT JOIN pg_index i ON i.indexrelid = c.oid
		   LEFT JOIN pg_class o ON o.reltoastrelid IN (c.oid, i.indrelid) AND c.relnamespace = 'pg_toast'::regnamespace
		  WHERE c.relfilenode = ANY($1::oid[])`,
		[[...bytes.keys()].filter((k) => /^\d+$/.test(k))],
	);
	const names = new Map(rows.map((r) => [r.node, r.name]));
	return [...bytes]
		.map(([key, n]) => ({ target: names.get(key) ?? key, bytes: n }))
		.sort((a, b) => b.bytes - a.bytes);
}

async function flushedPosition(db) {
	const { rows } = await db.query(
		"SELECT pg_wal_lsn_diff(pg_current_wal_flush_lsn(), '0/0')::bigint AS at",
	);
	return Number(rows[0].at);
}

/** Finished runs of a workflow, and those of them that did not succeed. */
async function runsOf(db, workflowId) {
	const { rows } = await db.query(
		`SELECT count(*) FILTER (WHERE "stoppedAt" IS NOT NULL) AS finished,
		        count(*) FILTER (WHERE "stoppedAt" IS NOT NULL AND status <> 'success') AS failed
		   FROM execution_entity WHERE "workflowId" = $1`,
		[String(workflowId)],
	);
	return { finished: Number(rows[0].finished), failed: Number(rows[0].failed) };
}

async function waitForRuns(db, workflowId, n) {
	const deadline = Date.now() + RUN_CAP_MS;
	for (;;) {
		const runs = await runsOf(db, workflowId);
		if (runs.finished >= n) return runs;
		if (Date.now() > deadline)
			throw new Error(`workflow ${workflowId}: ${runs.finished} of ${n} runs finished in time`);
		await sleep(20);
	}
}

/** The workflow's rows in n8n's processed-data store: entries, the JSON's size, its stored size. */
async function recordsOf(db, workflowId) {
	const { rows } = await db.query(
		`SELECT context, octet_length(value) AS bytes, pg_column_size(value) AS stored,
		        json_array_length((value::json)->'data') AS entries
		   FROM processed_data WHERE "workflowId" = $1 ORDER BY context`,
		[String(workflowId)],
	);
	return rows.map((r) => ({
		context: r.context,
		bytes: Number(r.bytes),
		stored: Number(r.stored),
		entries: Number(r.entries),
	}));
}

/**
 * The rows in n8n's format (`DeduplicationHelper` in n8n's deduplication-helper.js, mode entries):
 * `{ mode: 'entries', data: [...] }`, each entry the base64 MD5 of a recorded key (the trigger's
 * own record keeps one per delivery, `id:<webhook-id>`).
 */
async function prefill(db, workflowId, contexts) {
	for (const context of contexts) {
		const data = Array.from({ length: PREFILL }, () =>
			crypto
				.createHash('md5')
				.update(`id:msg_${crypto.randomBytes(12).toString('hex')}`)
				.digest('base64'),
		);
		await db.query(
			'INSERT INTO processed_data ("workflowId", "context", "value") VALUES ($1, $2, $3)',
			[String(workflowId), context, JSON.stringify({ mode: 'entries', data })],
		);
	}
}

/** Sends `n` deliveries one after another, each once the previous run has finished. */
async function deliverOneByOne(db, target, n, expected) {
	for (const d of signed(target.secret, n)) {
		const r = await post(target.url, d.headers, d.body);
		if (r.status !== 200 || !target.check(r))
			throw new Error(`${target.name}: answered ${r.status} ${r.body.slice(0, 200)}`);
		expected[target.name]++;
		const runs = await waitForRuns(db, target.id, expected[target.name]);
		if (runs.failed) throw new Error(`${target.name}: ${runs.failed} runs did not succeed`);
	}
}

async function main() {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-faxplus-wal-'));
	// The postgres user must reach its cluster folder inside.
	fs.chmodSync(root, 0o711);
	let pg;
	/** The cluster's WAL folder, where pg_waldump reads it (single process: our own cluster). */
	let walDir;
	let n8n;
	let queue;
	let server;
	let db;
	const stop = async () => {
		await db?.end().catch(() => {});
		if (queue) await queue.stop();
		else await n8n?.stop().catch((e) => log(`stopping n8n: ${e.message}`));
		await server?.close().catch(() => {});
		await pg?.stop().catch((e) => log(`stopping postgres: ${e.message}`));
		agent.destroy();
		fs.rmSync(root, { recursive: true, force: true, maxRetries: 5 });
	};
	// Postgres runs in its own process group: stopped on every way out.
	process.on('exit', () => {
		try {
			if (pg) process.kill(-pg.process.pid, 'SIGKILL');
		} catch {
			// gone
		}
	});
	for (const signal of ['SIGINT', 'SIGTERM'])
		process.once(signal, () => stop().finally(() => process.exit(130)));
	try {
		server = await startFaxPlusServer();
		if (QUEUE) {
			// Its own Postgres, Redis and packed tarball (of this repository's dist/, built as the snapshot).
			queue = await startQueue({ processors: 1, env: { N8N_LOG_LEVEL: 'warn' } });
			const [processor] = queue.webhooks;
			// The main process drives; production webhooks are the processor's (through the balancer).
			n8n = Object.assign(Object.create(queue.main), {
				waitForWebhook: (webhookPath) => processor.waitForWebhook(webhookPath),
			});
			pg = { ...queue.postgres, stop: async () => {} };
		} else {
			pg = await startPostgres(path.join(root, 'postgres'));
			walDir = path.join(root, 'postgres/data/pg_wal');
			// The snapshot's tarball test/n8n/bench/run.js packed (FAXPLUS_PACKAGE_TARBALL), as users install it.
			n8n = await startN8n({
				env: { N8N_LOG_LEVEL: 'warn', ...postgresEnv(pg) },
			});
		}
		const { Client } = require(
			require.resolve('pg', { paths: [path.join(n8n.installDir, 'node_modules/n8n')] }),
		);
		db = new Client({
			host: pg.host,
			port: pg.port,
			user: pg.user,
			password: pg.password,
			database: pg.database,
		});
		await db.connect();
		const setting = async (name) => (await db.query(`SHOW ${name}`)).rows[0][name];
		const out = {
			n8nVersion: n8n.version,
			mode: QUEUE ? 'queue mode (main, worker, one webhook processor)' : 'single process',
			postgres: await setting('server_version'),
			settings: {},
			rounds: ROUNDS,
			perRound: PER_ROUND,
			warmup: WARMUP,
			prefill: PREFILL,
			loadBefore: os.loadavg()[0],
			targets: {},
		};
		for (const name of ['full_page_writes', 'wal_level', 'wal_compression', 'autovacuum'])
			out.settings[name] = await setting(name);
		const s = { server };
		s.pat = await n8n.createCredential('bench PAT', 'faxPlusApi', {
			accessToken: server.tokens.pat,
			baseUrl: server.baseUrl,
		});
		const trigger = await triggerWorkflow(n8n, s, 'wal: Fax.Plus Trigger → No Op', { pkg: PKG });
		const targets = {
			webhook: await webhookWorkflow(n8n, 'wal: built-in Webhook → No Op'),
			trigger,
			triggerAtCap: await triggerWorkflow(
				n8n,
				s,
				`wal: Fax.Plus Trigger (record prefilled with ${PREFILL}) → No Op`,
				{ pkg: PKG, prefill: (workflowId, contexts) => prefill(db, workflowId, contexts) },
			),
		};
		targets.webhook.secret = trigger.secret;
		const names = Object.keys(targets);
		const expected = {};
		for (const name of names) {
			targets[name].name = name;
			expected[name] = 0;
			out.targets[name] = { rounds: [] };
			await deliverOneByOne(db, targets[name], WARMUP, expected);
			if (name !== 'webhook')
				out.targets[name].recordsBefore = await recordsOf(db, targets[name].id);
		}
		log(`warm-up done (${WARMUP} per workflow)`);
		// What n8n writes with no delivery at all, over as long as a quiet wait takes.
		const idle0 = await quietWalPosition(db);
		const idleStart = Date.now();
		await sleep(3000);
		out.idle = {
			walBytes: (await walPosition(db)) - idle0,
			seconds: (Date.now() - idleStart) / 1000,
		};
		for (let round = 0; round < ROUNDS; round++) {
			for (let k = 0; k < names.length; k++) {
				const name = names[(round + k) % names.length];
				const before = await quietWalPosition(db);
				const t0 = Date.now();
				await deliverOneByOne(db, targets[name], PER_ROUND, expected);
				const after = await quietWalPosition(db);
				const walBytes = after - before;
				out.targets[name].rounds.push({
					deliveries: PER_ROUND,
					walBytes,
					seconds: (Date.now() - t0) / 1000,
					...(walDir && { byRelation: await walByRelation(db, walDir, before, after) }),
				});
				log(
					`round ${round + 1}/${ROUNDS} ${name}: ${(walBytes / PER_ROUND / 1024).toFixed(1)} KB of WAL per delivery`,
				);
			}
		}
		for (const name of names) {
			if (name !== 'webhook')
				out.targets[name].recordsAfter = await recordsOf(db, targets[name].id);
			out.targets[name].runs = (await runsOf(db, targets[name].id)).finished;
			out.targets[name].expectedRuns = expected[name];
		}
		const { rows } = await db.query(
			"SELECT pg_total_relation_size('processed_data') AS bytes, pg_relation_size('processed_data') AS heap",
		);
		out.processedDataTable = { bytes: Number(rows[0].bytes), heap: Number(rows[0].heap) };
		out.loadAfter = os.loadavg()[0];
		fs.writeFileSync(outFile, JSON.stringify(out));
	} finally {
		await stop();
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error && error.stack ? error.stack : error);
		process.exit(1);
	},
);
