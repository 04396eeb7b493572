'use strict';
// Case 1: verify + de-duplicate one delivery, per delivery, for 1 KB and 64 KB bodies.
// Run by bench/run.js in its own process (node --expose-gc bench/cases/verify.js <package> <out.json>).
//
// Variants, each over the same pre-signed deliveries (distinct webhook-ids, realistic headers):
//   hmacBuffer   bare node:crypto HMAC-SHA256 over `${id}.${ts}.` + body, key as a Buffer (as usually written)
//   hmacKeyObj   the same with the key prepared once as a KeyObject (the strict floor)
//   verify       our verifyWebhookDelivery() alone
//   verifyDedup  verify + de-duplicate exactly as the trigger's webhook() does it (the measured path)
//   webhookPath  verify + parse the signed bytes + de-duplicate + filter + build the output item
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
const dedup = require(path.join(pkgDir, 'dist/nodes/FaxPlusTrigger/deduplication.js'));
const limits = require(path.join(pkgDir, 'dist/nodes/triggers/limits.js'));
const output = require(path.join(pkgDir, 'dist/nodes/triggers/output.js'));
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

function main() {
	const secret = `whsec_${crypto.randomBytes(24).toString('base64')}`;
	const keyBuffer = Buffer.from(secret.slice(6), 'base64');
	const keyObject = crypto.createSecretKey(keyBuffer);
	const wh = new Webhook(secret);
	const retentionMs = limits.retentionMsOfDays(undefined);
	const maxEntries = limits.maxEntriesOf(undefined);
	const results = { sizes: {}, maxEntries, rounds: 0, warmup: 0 };

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
		const pools = { verifyDedup: makePool(perVariant), webhookPath: makePool(perVariant) };

		// The trigger's record at its default cap, so every delivery also prunes one entry.
		for (const scope of ['bench:verifyDedup', 'bench:webhookPath']) {
			const log = dedup.deliveryLogFor(scope, { retentionMs, maxEntries });
			for (let i = 0; i < maxEntries; i++)
				log.checkAndRecord(dedup.keyOfDeliveryId(`msg_prefill_${scope}_${i}`));
		}
		const cursor = { verifyDedup: 0, webhookPath: 0 };

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
			// delivery.ts handle(), minus n8n: verify, key, the scope's record, claim and release.
			verifyDedup(n) {
				for (let i = 0; i < n; i++) {
					const d = pools.verifyDedup[cursor.verifyDedup++];
					const r = signature.verifyWebhookDelivery({ secret, headers: d.headers, rawBody: body });
					if (!r.ok) throw new Error(`verify failed: ${r.reason}`);
					const key = dedup.keyOfDeliveryId(d.headers['webhook-id']);
					const log = dedup.deliveryLogFor('bench:verifyDedup', { retentionMs, maxEntries });
					if (log.claim(key) !== 'new')
						throw new Error('a distinct delivery was taken for a repeat');
					log.release(key, true);
				}
			},
			webhookPath(n) {
				const events = ['fax_received', 'fax_sent'];
				for (let i = 0; i < n; i++) {
					const d = pools.webhookPath[cursor.webhookPath++];
					const r = signature.verifyWebhookDelivery({ secret, headers: d.headers, rawBody: body });
					if (!r.ok) throw new Error(`verify failed: ${r.reason}`);
					const payload = output.parsePayload(body, undefined);
					const key = dedup.keyOfDeliveryId(d.headers['webhook-id']);
					const log = dedup.deliveryLogFor('bench:webhookPath', { retentionMs, maxEntries });
					if (log.claim(key) !== 'new')
						throw new Error('a distinct delivery was taken for a repeat');
					log.release(key, true);
					if (!events.includes(output.eventOf(payload))) throw new Error('filtered out');
					const item = output.buildOutput(payload, {
						webhookId: r.webhookId,
						signatureVerified: true,
						receivedAt: new Date().toISOString(),
						legacy: false,
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
				variants[name](plan.ops, round * plan.ops);
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

main();
