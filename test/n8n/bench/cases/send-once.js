'use strict';
// Section 7: what Send's Idempotency Key costs per send, in a real n8n (scripts/n8n/n8n.js, the
// pinned version, its default SQLite database) with the package snapshot and the local
// Fax.Plus-compatible server:
//   node test/n8n/bench/cases/send-once.js <package> <out.json>
//
// Workflow: Webhook (answers with the last node's first item) → Split Out (BENCH_SEND_ITEMS
// items, default 100) → Fax → Send (a short text to one number), once without a key and once
// with a key that is new for every item. Before the upload a keyed send claims the key in the
// node's own record in n8n's processed-data store (scope node); then it reads the outbox and one
// page of the newest sent faxes while the document is uploaded and the claim settles; the claim is
// read back before the outbox request; the nonce goes beside it (docs/sending.md).
// BENCH_SEND_ROUNDS rounds (default 5) alternate between the two after a warm-up round each; then the same with every answer of the server delayed by
// BENCH_SEND_LATENCY_MS (default 80) as across the internet. Every round is checked: the
// server must have received one upload and one outbox request per item, all answered 2xx.
// After each pass: the size of the keyed node's record. Fax.Plus keeps a fax in the outbox until
// it is sent, and a keyed send's list answer holds all of them: here a fax leaves the outbox once
// BENCH_SEND_OUTBOX_READS list answers (default: the item count) have shown it, so the lists find
// about a batch's worth of waiting faxes in every round instead of every fax the run ever sent.

const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const [pkgArg, outFile] = process.argv.slice(2);
const pkgDir = path.resolve(pkgArg);
const ROOT = path.resolve(__dirname, '../../../..');
const { startN8n } = require(path.join(ROOT, 'scripts/n8n/n8n.js'));
const { startFaxPlusServer } = require(path.join(ROOT, 'test/server'));
const { node, deploySplitOutWorkflow } = require('../lib/workflows');
const { processedDataOf } = require('../lib/processed-data');

const PKG = require(path.join(pkgDir, 'package.json')).name;
const ACTION = `${PKG}.faxPlus`;
const ITEMS = Number(process.env.BENCH_SEND_ITEMS || 100);
const ROUNDS = Number(process.env.BENCH_SEND_ROUNDS || 5);
const LATENCY_MS = Number(process.env.BENCH_SEND_LATENCY_MS || 80);
const OUTBOX_READS = Number(process.env.BENCH_SEND_OUTBOX_READS || ITEMS);
const TO = '+4930123456';
/** A round's deadline on a quiet machine; the run stretches it by what it measured (roundCap()). */
const ROUND_CAP_MS = 5 * 60 * 1000;
/** How many times the slowest round measured so far a round may take before it counts as hung. */
const SLOWEST_ROUND_FACTOR = 10;

const log = (...a) => console.error('[bench:send]', ...a);
const uuid = () => crypto.randomUUID();
const agent = new http.Agent({ keepAlive: true });

function post(url, body, timeoutMs) {
	return new Promise((resolve, reject) => {
		const started = process.hrtime.bigint();
		const req = http.request(
			url,
			{
				method: 'POST',
				agent,
				headers: { 'content-type': 'application/json', 'content-length': body.length },
				timeout: timeoutMs,
			},
			(res) => {
				let text = '';
				res.on('data', (c) => (text += c));
				res.on('end', () =>
					resolve({
						status: res.statusCode,
						body: text,
						ms: Number(process.hrtime.bigint() - started) / 1e6,
					}),
				);
			},
		);
		req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
		req.on('error', reject);
		req.end(body);
	});
}

async function sendWorkflow(n8n, pat, label, options) {
	return await deploySplitOutWorkflow(
		n8n,
		`bench: Send × ${ITEMS} (${label})`,
		node(
			'Send',
			ACTION,
			1,
			{
				authentication: 'accessToken',
				resource: 'fax',
				operation: 'send',
				userId: 'self',
				to: TO,
				from: { __rl: true, mode: 'number', value: '+15551230001' },
				documentSource: 'text',
				documentText: 'Benchmark letter',
				options,
			},
			{ credentials: { faxPlusApi: { id: pat.id, name: pat.name } } },
		),
	);
}

async function main() {
	const out = {
		items: ITEMS,
		rounds: ROUNDS,
		outboxReads: OUTBOX_READS,
		loadBefore: os.loadavg()[0],
		passes: [],
	};
	let n8n;
	let server;
	try {
		server = await startFaxPlusServer();
		server.state.outboxPlans.push({ to: TO, status: 'success', afterReads: OUTBOX_READS });
		n8n = await startN8n({ env: { N8N_LOG_LEVEL: 'warn' } });
		out.n8nVersion = n8n.version;
		const pat = await n8n.createCredential('bench PAT', 'faxPlusApi', {
			accessToken: server.tokens.pat,
			baseUrl: server.baseUrl,
		});
		const targets = {
			plain: await sendWorkflow(n8n, pat, 'no key', {}),
			keyed: await sendWorkflow(n8n, pat, 'a new key per item', {
				idempotencyKey: '={{ $json.key }}',
			}),
		};
		let round = 0;
		/** Fax.Plus requests per send, as the last round of each made them. */
		const requests = {};
		out.requestsPerSend = requests;
		let slowestMs = 0;
		/**
		 * A round's deadline, from what the run measured: n8n's start-up against a quiet machine's
		 * and SLOWEST_ROUND_FACTOR times the slowest round so far (a busy machine, or the latency pass).
		 */
		const roundCap = () => Math.max(n8n.patient(ROUND_CAP_MS), SLOWEST_ROUND_FACTOR * slowestMs);
		const once = async (name) => {
			round++;
			const items = Array.from({ length: ITEMS }, (_, i) => ({ key: `r${round}-${i}-${uuid()}` }));
			const body = Buffer.from(JSON.stringify({ items }));
			server.clearRequests();
			const r = await post(targets[name].url, body, roundCap());
			slowestMs = Math.max(slowestMs, r.ms);
			const calls = server.requests.filter((q) => q.path.startsWith('/v3/'));
			const uploads = calls.filter((q) => q.path.endsWith('/files') && q.status === 200).length;
			const outbox = calls.filter((q) => q.path.endsWith('/outbox') && q.status === 201).length;
			requests[name] = calls.length / ITEMS;
			if (r.status !== 200 || uploads !== ITEMS || outbox !== ITEMS)
				throw new Error(
					`${name}: status ${r.status}, ${uploads} uploads and ${outbox} outbox requests for ${ITEMS} items: ${r.body.slice(0, 200)}`,
				);
			return { ms: r.ms, msPerSend: r.ms / ITEMS };
		};
		for (const latencyMs of [0, LATENCY_MS]) {
			server.setNetwork({ latencyMs });
			const pass = { latencyMs, targets: { plain: { runs: [] }, keyed: { runs: [] } } };
			for (const name of Object.keys(targets)) await once(name); // warm-up
			for (let i = 0; i < ROUNDS; i++) {
				for (const name of i % 2 ? ['keyed', 'plain'] : ['plain', 'keyed']) {
					const run = await once(name);
					pass.targets[name].runs.push(run);
					log(
						`${latencyMs} ms, round ${i + 1}/${ROUNDS} ${name}: ${run.msPerSend.toFixed(1)} ms per send`,
					);
				}
			}
			pass.keyRecord = await processedDataOf(n8n, targets.keyed.id).catch((error) => ({
				error: error.message,
			}));
			out.passes.push(pass);
			fs.writeFileSync(outFile, JSON.stringify(out));
		}
		server.setNetwork({ latencyMs: 0 });
	} finally {
		if (n8n) await n8n.stop().catch((e) => log(`stopping n8n: ${e.message}`));
		if (server) await server.close();
		agent.destroy();
	}
	out.loadAfter = os.loadavg()[0];
	fs.writeFileSync(outFile, JSON.stringify(out));
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error && error.stack ? error.stack : error);
		process.exit(1);
	},
);
