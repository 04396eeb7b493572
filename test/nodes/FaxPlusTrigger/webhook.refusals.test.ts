/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: a raw HTTP client for a chunked body */
// Refusals cost the sender more than the receiver (webhook.ts, signature.ts): headers that
// cannot carry a valid signature are refused without reading the signing secret credential, a
// well-formed one costs one read of it (as n8n's own Stripe and GitHub triggers read theirs), and
// a body over 1 MiB is answered 413 before it is read or hashed.
import { request as httpRequest } from 'node:http';
import { useFaxPlusServer } from '../../support/faxplus';
import { useTriggerHarnesses } from '../../support/trigger-harness';
import { activateWithSecret, recordedKeys, runsOf } from './helpers';

/** The largest body the trigger takes: 1 MiB (Fax.Plus's events are a few KB). */
const MAX_BODY_BYTES = 1024 * 1024;

const BODY = '{"hook":{"id":"fax_1","event":"fax_sent"},"data":{"id":"fax_1","status":"success"}}';

async function post(url: string, body: string | Buffer, headers: Record<string, string> = {}) {
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body,
	});
	return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** POSTs with chunked transfer encoding: no content-length tells the size beforehand. */
function postChunked(url: string, body: Buffer): Promise<number> {
	return new Promise((resolve, reject) => {
		const req = httpRequest(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
		});
		req.on('response', (res) => {
			res.resume();
			resolve(res.statusCode ?? 0);
		});
		req.on('error', reject);
		for (let at = 0; at < body.length; at += 64 * 1024)
			req.write(body.subarray(at, at + 64 * 1024));
		req.end();
	});
}

describe('Fax.Plus Trigger → cheap refusals', () => {
	const server = useFaxPlusServer();
	const trigger = useTriggerHarnesses();

	async function activeTrigger() {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		await activateWithSecret(harness, server());
		const reads = () => harness.credentialsHelper.reads.faxPlusWebhookSecretApi ?? 0;
		return { harness, reads };
	}

	const now = () => String(Math.floor(Date.now() / 1000));
	const wellFormed = `v1,${'A'.repeat(43)}=`;

	it.each<[string, () => Record<string, string>, string]>([
		['no signature headers at all', () => ({}), 'missing_webhook_id'],
		[
			'no webhook-signature',
			() => ({ 'webhook-id': 'msg_1', 'webhook-timestamp': now() }),
			'missing_signature',
		],
		[
			'a timestamp that is no number',
			() => ({
				'webhook-id': 'msg_1',
				'webhook-timestamp': 'soon',
				'webhook-signature': wellFormed,
			}),
			'invalid_timestamp',
		],
		[
			'a timestamp an hour old',
			() => ({
				'webhook-id': 'msg_1',
				'webhook-timestamp': String(Number(now()) - 3600),
				'webhook-signature': wellFormed,
			}),
			'timestamp_out_of_window',
		],
		[
			'a v1 signature that is no HMAC-SHA256',
			() => ({ 'webhook-id': 'msg_1', 'webhook-timestamp': now(), 'webhook-signature': 'v1,AAAA' }),
			'no_v1_signature',
		],
		[
			'only a v2 signature',
			() => ({
				'webhook-id': 'msg_1',
				'webhook-timestamp': now(),
				'webhook-signature': `v2,${wellFormed.slice(3)}`,
			}),
			'no_v1_signature',
		],
	])('refuses %s with 401 without reading the credential', async (_name, headers, reason) => {
		const { harness, reads } = await activeTrigger();
		const before = reads();
		for (let i = 0; i < 5; i++) {
			const answer = await post(harness.productionUrl, BODY, headers());
			expect(answer.status).toBe(401);
			expect(answer.json).toMatchObject({ received: false, reason });
		}
		expect(reads() - before).toBe(0);
		expect(await runsOf(harness)).toHaveLength(0);
	});

	it('a well-formed signature the kept secret does not verify costs one read of the credential; a verified one none', async () => {
		const { harness, reads } = await activeTrigger();
		const [genuine] = await server().deliver({ event: 'fax_sent' });
		expect(genuine.attempts[0].status).toBe(200);
		const before = reads();
		for (let i = 0; i < 3; i++) {
			const forged = await post(harness.productionUrl, BODY, {
				'webhook-id': `msg_forged_${i}`,
				'webhook-timestamp': now(),
				'webhook-signature': wellFormed,
			});
			expect(forged).toMatchObject({ status: 401, json: { reason: 'signature_mismatch' } });
		}
		expect(reads() - before).toBe(3);
		const [again] = await server().deliver({ event: 'fax_sent' });
		expect(again.attempts[0].status).toBe(200);
		expect(reads() - before).toBe(3);
		expect(await runsOf(harness)).toHaveLength(2);
	});

	it('answers 413 to a body over 1 MiB before reading it (content-length) or hashing it (chunked); starts nothing', async () => {
		const { harness, reads } = await activeTrigger();
		const before = reads();
		const big = Buffer.alloc(MAX_BODY_BYTES + 1, 0x20);
		const declared = await post(harness.productionUrl, big, {
			'webhook-id': 'msg_big',
			'webhook-timestamp': now(),
			'webhook-signature': wellFormed,
		});
		expect(declared).toMatchObject({
			status: 413,
			json: { received: false, reason: 'body_too_large' },
		});
		expect(await postChunked(harness.productionUrl, big)).toBe(413);
		expect(reads() - before).toBe(0);
		expect(await runsOf(harness)).toHaveLength(0);
		expect(recordedKeys(harness)).toEqual([]);
	});

	it('accepts a signed body of exactly 1 MiB (positive control)', async () => {
		const { harness } = await activeTrigger();
		const head = '{"hook":{"id":"fax_big","event":"fax_sent"},"data":{"id":"fax_big","pad":"';
		const tail = '"}}';
		const body = head + 'x'.repeat(MAX_BODY_BYTES - head.length - tail.length) + tail;
		expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
		const [result] = await server().deliver({ event: 'fax_sent', rawBody: body });
		expect(result.attempts[0].status).toBe(200);
		expect(await runsOf(harness)).toHaveLength(1);
	});
});
