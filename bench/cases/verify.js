'use strict';
// Case 1: what the webhook trigger's webhook() does per delivery, for 1 KB and 64 KB bodies.
// Run by bench/run.js in its own process (node --expose-gc bench/cases/verify.js <package> <out.json>).
//
// Variants, each over the same pre-signed deliveries (distinct webhook-ids, realistic headers):
//   hmacBuffer   bare node:crypto HMAC-SHA256 over `${id}.${ts}.` + body, key as a Buffer (as usually written)
//   hmacKeyObj   the same with the key prepared once as a KeyObject (the strict floor)
//   verify       our verifyWebhookDelivery() alone
//   verifyAnswered  as webhook() does it: the header check, the signing secret (reused, as after
//                its first read), verify, and the process's check of the webhook-ids it answered
//                (at its cap, each delivery marked once answered 200) (the measured path)
//   webhookPath  verifyAnswered + parse the signed bytes + filter + build the output item
//   swVerify     standardwebhooks Webhook#verify(body, headers, { jsonParse: false })
//   swVerifyJson standardwebhooks Webhook#verify(body, headers) (verifies and parses)
// Every round runs every variant once, in a rotating order; the result per variant is ns per
// delivery, one sample per round (BENCH_QUICK=1: fewer and shorter rounds, for development).

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const [pkgArg, outFile] = process.argv.slice(2);
const pkgDir = path.resolve(pkgArg);
const quick = process.env.BENCH_QUICK === '1';
const signature = require(path.join(pkgDir, 'dist/nodes/FaxPlusTrigger/signature.js'));
const { SigningSecrets } = require(path.join(pkgDir, 'dist/nodes/FaxPlusTrigger/signingSecret.js'));
const { AnsweredDeliveries } = require(path.join(pkgDir, 'dist/nodes/FaxPlusTrigger/delivery.js'));
const output = require(path.join(pkgDir, 'dist/nodes/triggers/output.js'));
const settings = require(path.join(pkgDir, 'dist/nodes/triggers/settings.js'));
const { Webhook } = require('standardwebhooks');
const { faxReceivedPayload } = require('../lib/payload');

const gc = typeof global.gc === 'function' ? global.gc : () => {};
let sink = 0;

/** A realistic fax_received delivery body padded (in data.comment) to exactly `size` bytes. */
function bodyOfSize(size) {
	const body = faxReceivedPayload('fax_5f3c2a1b9d8e7f60');
	const bare = Buffer.byteLength(JSON.stringify(body));
	body.data.comment = 'x'.repeat(size - bare);
	const buf = Buffer.from(JSON.stringify(body));
	if (buf.length !== size) throw new Error(`body is ${buf.length} bytes, wanted ${size}`);
	return buf;
}

/** Webhook-ids answered before the timed rounds: enough to fill the process's memory of them. */
const ANSWERED_PREFILL = 10000;

/** A response n8n answered 200: its 'close' comes when answered() is called. */
function answeredResponse() {
	let onClose = () => {};
	return {
		statusCode: 200,
		writableFinished: true,
		closed: false,
		once(event, listener) {
			if (event === 'close') onClose = listener;
		},
		answered: () => onClose(),
	};
}

/** The key delivery.ts gives a delivery: workflow, node, test mode, webhook-id. */
const answeredKey = (id) => JSON.stringify(['bench-workflow', 'bench-node', false, id]);

/** The process's answered webhook-ids, at its cap. */
async function filledAnswered() {
	const answered = new AnsweredDeliveries();
	for (let i = 0; i < ANSWERED_PREFILL; i++) {
		const res = answeredResponse();
		await answered.answeredBefore(answeredKey(`msg_prefill_${i}`), res);
		res.answered();
	}
	return answered;
}

/** Checks one delivery as webhook() does, and marks it answered 200. */
async function checkAnswered(answered, id) {
	const res = answeredResponse();
	if (await answered.answeredBefore(answeredKey(id), res))
		throw new Error('a distinct delivery was taken for a repeat');
	res.answered();
}

async function main() {
	const secret = `whsec_${crypto.randomBytes(24).toString('base64')}`;
	const keyBuffer = Buffer.from(secret.slice(6), 'base64');
	const keyObject = crypto.createSecretKey(keyBuffer);
	const wh = new Webhook(secret);
	// n8n's webhook context as the secrets and the filter read it; the credential read is n8n's.
	const context = {
		getNode: () => ({
			id: 'bench-node',
			name: 'Fax.Plus Trigger',
			credentials: { faxPlusWebhookSecretApi: { id: 'bench-secret', name: 'secret' } },
		}),
		getWorkflow: () => ({ id: 'bench-workflow' }),
		getCredentials: async () => ({ secret }),
		getNodeParameter: (name, fallback) =>
			name === 'events' ? ['fax_received', 'fax_sent'] : fallback,
	};
	const results = { sizes: {}, answeredPrefill: ANSWERED_PREFILL, rounds: 0, warmup: 0 };

	const plans = [
		{ size: 1024, ops: quick ? 1000 : 2000 },
		{ size: 65536, ops: quick ? 100 : 200 },
	];
	const warmup = quick ? 2 : 3;
	const rounds = quick ? 5 : 21;
	results.rounds = rounds;
	results.warmup = warmup;

	for (const plan of plans) {
		const body = bodyOfSize(plan.size);
		const perVariant = plan.ops * (warmup + rounds);
		const ts = String(Math.floor(Date.now() / 1000));
		/** Pre-signed deliveries: [{ id, headers }], one pool per variant that records ids. */
		const makePool = (n) => {
			const pool = new Array(n);
			for (let i = 0; i < n; i++) {
				const id = `msg_${crypto.randomBytes(12).toString('hex')}`;
				const sig = crypto
					.createHmac('sha256', keyObject)
					.update(`${id}.${ts}.`)
					.update(body)
					.digest('base64');
				pool[i] = {
					id,
					headers: {
						host: '127.0.0.1:5678',
						'content-type': 'application/json',
						'user-agent': 'FaxPlus-Webhooks/local',
						'content-length': String(body.length),
						connection: 'keep-alive',
						accept: '*/*',
						'webhook-id': id,
						'webhook-timestamp': ts,
						'webhook-signature': `v1,${sig}`,
					},
				};
			}
			return pool;
		};
		const shared = makePool(Math.min(perVariant, 20000));
		const pools = { verifyAnswered: makePool(perVariant), webhookPath: makePool(perVariant) };
		const answered = {
			verifyAnswered: await filledAnswered(),
			webhookPath: await filledAnswered(),
		};
		const secrets = { verifyAnswered: new SigningSecrets(), webhookPath: new SigningSecrets() };
		const cursor = { verifyAnswered: 0, webhookPath: 0 };
		/** delivery.ts handle() up to the answered check: the verification result. */
		const verifyAsWebhook = async (name, d) => {
			const shape = signature.checkSignatureHeaders({ headers: d.headers });
			if (!shape.ok) throw new Error(`headers refused: ${shape.reason}`);
			const r = await secrets[name].check(context, (s) =>
				signature.verifyWebhookDelivery({ secret: s.secret, headers: d.headers, rawBody: body }),
			);
			if (!r.ok) throw new Error(`verify failed: ${r.reason}`);
			return r;
		};

		const variants = {
			hmacBuffer(n, base) {
				for (let i = 0; i < n; i++) {
					const d = shared[(base + i) % shared.length];
					sink += crypto
						.createHmac('sha256', keyBuffer)
						.update(`${d.id}.${ts}.`)
						.update(body)
						.digest('base64').length;
				}
			},
			hmacKeyObj(n, base) {
				for (let i = 0; i < n; i++) {
					const d = shared[(base + i) % shared.length];
					sink += crypto
						.createHmac('sha256', keyObject)
						.update(`${d.id}.${ts}.`)
						.update(body)
						.digest('base64').length;
				}
			},
			verify(n, base) {
				for (let i = 0; i < n; i++) {
					const d = shared[(base + i) % shared.length];
					const r = signature.verifyWebhookDelivery({ secret, headers: d.headers, rawBody: body });
					if (!r.ok) throw new Error(`verify failed: ${r.reason}`);
					sink += r.timestamp;
				}
			},
			async verifyAnswered(n) {
				for (let i = 0; i < n; i++) {
					const d = pools.verifyAnswered[cursor.verifyAnswered++];
					await verifyAsWebhook('verifyAnswered', d);
					await checkAnswered(answered.verifyAnswered, d.id);
				}
			},
			// delivery.ts handle() in the order it runs, minus n8n's own work around it.
			async webhookPath(n) {
				for (let i = 0; i < n; i++) {
					const d = pools.webhookPath[cursor.webhookPath++];
					const receivedAt = new Date().toISOString();
					const r = await verifyAsWebhook('webhookPath', d);
					const payload = output.parsePayload(body, undefined);
					if (!payload) throw new Error('body refused');
					await checkAnswered(answered.webhookPath, d.id);
					const event = output.eventOf(payload);
					if (event === null || !settings.selectedEvents(context).includes(event))
						throw new Error('filtered out');
					if (!settings.matchesStatuses([], output.statusOf(payload)))
						throw new Error('filtered out');
					const item = output.buildOutput(payload, {
						webhookId: d.id,
						signatureVerified: r.ok,
						receivedAt,
					});
					sink += item.isRetry ? 1 : 0;
				}
			},
			swVerify(n, base) {
				for (let i = 0; i < n; i++) {
					const d = shared[(base + i) % shared.length];
					wh.verify(body, d.headers, { jsonParse: false });
				}
			},
			swVerifyJson(n, base) {
				for (let i = 0; i < n; i++) {
					const d = shared[(base + i) % shared.length];
					sink += wh.verify(body, d.headers).hook ? 1 : 0;
				}
			},
		};

		const names = Object.keys(variants);
		const samples = Object.fromEntries(names.map((n) => [n, []]));
		for (let round = 0; round < warmup + rounds; round++) {
			for (let k = 0; k < names.length; k++) {
				const name = names[(round + k) % names.length];
				gc();
				const t0 = process.hrtime.bigint();
				await variants[name](plan.ops, round * plan.ops);
				const ns = Number(process.hrtime.bigint() - t0) / plan.ops;
				if (round >= warmup) samples[name].push(ns);
			}
			process.stderr.write('.');
		}
		process.stderr.write('\n');
		results.sizes[plan.size] = { ops: plan.ops, samples };
	}
	results.sink = sink % 7;
	fs.writeFileSync(outFile, JSON.stringify(results));
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
