'use strict';
// Case 1: what the webhook trigger's webhook() does per delivery, for 1 KB and 64 KB bodies.
// Run by test/n8n/bench/run.js in its own process (node --expose-gc test/n8n/bench/cases/verify.js <package> <out.json>).
// Ours go through what the built package exports: the signature functions and the node's
// webhook() itself (deliveryReceiver()), called with a minimal webhook context.
//
// Variants, each over the same pre-signed deliveries (distinct webhook-ids, realistic headers):
//   hmacBuffer   bare node:crypto HMAC-SHA256 over `${id}.${ts}.` + body, key as a Buffer (as usually written)
//   hmacKeyObj   the same with the key prepared once as a KeyObject (the strict floor)
//   hmacFreshKey the same with the whsec_ secret decoded into a KeyObject per delivery, as the
//                trigger's verifier does (signature.ts)
//   verify       our verifyWebhookDelivery() alone
//   verifySecret as webhook() verifies: the header check, the credential read (n8n's
//                getCredentials(), here a stub that resolves at once) and verifyWebhookDelivery()
//                (the measured path)
//   webhook      all of webhook() (deliveryReceiver()): read options, verify as above, parse the
//                signed bytes, filter, build the output item
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
const { deliveryReceiver } = require(path.join(pkgDir, 'dist/nodes/FaxPlusTrigger/webhook.js'));
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

/** n8n's response object as webhook() uses it (only for a refusal, which would fail the case). */
function response() {
	const response = {
		statusCode: 200,
		headersSent: false,
		status(code) {
			response.statusCode = code;
			return response;
		},
		json() {
			response.headersSent = true;
		},
		setHeader() {},
	};
	return response;
}

async function main() {
	const secret = `whsec_${crypto.randomBytes(24).toString('base64')}`;
	const keyBuffer = Buffer.from(secret.slice(6), 'base64');
	const keyObject = crypto.createSecretKey(keyBuffer);
	const wh = new Webhook(secret);
	// n8n's webhook context as webhook() reads it; the credential read is n8n's.
	const context = {
		getNode: () => ({
			id: 'bench-node',
			name: 'Fax.Plus Trigger',
			credentials: { faxPlusWebhookSecretApi: { id: 'bench-secret', name: 'secret' } },
		}),
		getWorkflow: () => ({ id: 'bench-workflow' }),
		getMode: () => 'webhook',
		getCredentials: async () => ({ secret }),
		getNodeParameter: (name, fallback) =>
			name === 'events' ? ['fax_received', 'fax_sent'] : fallback,
	};
	/**
	 * Runs one delivery through webhook() as n8n does (a context per request, the body already
	 * read).
	 */
	const deliver = async (webhook, d) => {
		const request = { headers: d.headers, rawBody: d.body, readRawBody: async () => {} };
		const outcome = await webhook.call({
			...context,
			getHeaderData: () => d.headers,
			// n8n's parse of the body, done before webhook() (which parses the signed bytes itself).
			getBodyData: () => ({}),
			getRequestObject: () => request,
			getResponseObject: response,
		});
		if (!outcome.workflowData)
			throw new Error(`delivery not run: ${JSON.stringify(outcome.webhookResponse ?? outcome)}`);
		sink += outcome.workflowData[0][0].json.isRetry ? 1 : 0;
	};
	const results = { sizes: {}, rounds: 0, warmup: 0 };

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
		/** Pre-signed deliveries: [{ id, headers, body }]. */
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
					body,
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
		// One webhook() per node instance, as n8n keeps it.
		const receiver = deliveryReceiver();

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
			hmacFreshKey(n, base) {
				for (let i = 0; i < n; i++) {
					const d = shared[(base + i) % shared.length];
					const key = crypto.createSecretKey(Buffer.from(secret.slice(6), 'base64'));
					sink += crypto
						.createHmac('sha256', key)
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
			// webhook.ts handle()'s verification, in its order: the credential is read per delivery.
			async verifySecret(n, base) {
				for (let i = 0; i < n; i++) {
					const d = shared[(base + i) % shared.length];
					const shape = signature.checkSignatureHeaders({ headers: d.headers });
					if (!shape.ok) throw new Error(`headers refused: ${shape.reason}`);
					const credential = await context.getCredentials('faxPlusWebhookSecretApi');
					const r = signature.verifyWebhookDelivery({
						secret: credential.secret,
						headers: d.headers,
						rawBody: body,
					});
					if (!r.ok) throw new Error(`verify failed: ${r.reason}`);
					sink += r.timestamp;
				}
			},
			// webhook() keeps no memory of webhook-ids (the run's execute() checks for repeats).
			async webhook(n, base) {
				for (let i = 0; i < n; i++) await deliver(receiver, shared[(base + i) % shared.length]);
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
