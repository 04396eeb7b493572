/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code: the secret is the Standard Webhooks test vector, public by design */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
	isValidWebhookSecret,
	verifyWebhookDelivery,
	type VerificationInput,
} from '../../../nodes/FaxPlusTrigger/signature';

// The Standard Webhooks test vector.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const BODY = Buffer.from('{"test": 2432232314}');
const SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const AT_TIMESTAMP = () => TIMESTAMP * 1000;

function input(
	overrides: Partial<VerificationInput> = {},
	headers: Record<string, string | undefined> = {},
): VerificationInput {
	return {
		secret: SECRET,
		rawBody: BODY,
		now: AT_TIMESTAMP,
		...overrides,
		headers: {
			'webhook-id': ID,
			'webhook-timestamp': String(TIMESTAMP),
			'webhook-signature': SIGNATURE,
			...headers,
		},
	};
}

function reasonOf(value: VerificationInput): string {
	const result = verifyWebhookDelivery(value);
	return result.ok ? 'ok' : result.reason;
}

/** A valid signature of other values, computed independently. */
function sign(secret: string, id: string, timestamp: string | number, body: Buffer): string {
	const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
	return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64')}`;
}

describe('verifyWebhookDelivery', () => {
	describe('the Standard Webhooks vector', () => {
		it('accepts it and reports the id and timestamp', () => {
			expect(verifyWebhookDelivery(input())).toEqual({
				ok: true,
				webhookId: ID,
				timestamp: TIMESTAMP,
			});
		});

		it('is what the standardwebhooks package signs', () => {
			expect(new Webhook(SECRET).sign(ID, new Date(TIMESTAMP * 1000), BODY.toString())).toBe(
				SIGNATURE,
			);
		});

		it('accepts what the standardwebhooks package signs now', () => {
			const now = Math.floor(Date.now() / 1000);
			const body = Buffer.from('{"hook":{"event":"fax_sent"},"data":{"id":"fax_1"}}');
			const theirs = new Webhook(SECRET).sign('msg_cross', new Date(now * 1000), body.toString());
			expect(
				verifyWebhookDelivery({
					secret: SECRET,
					rawBody: body,
					headers: {
						'webhook-id': 'msg_cross',
						'webhook-timestamp': String(now),
						'webhook-signature': theirs,
					},
				}).ok,
			).toBe(true);
		});

		it('accepts the secret with or without the whsec_ prefix', () => {
			expect(reasonOf(input({ secret: SECRET.slice('whsec_'.length) }))).toBe('ok');
		});
	});

	// Svix, which runs Fax.Plus's webhooks, names the headers svix-*, or webhook-* for a
	// white-labelled account; its verifier reads either (docs/fax-plus-readings.md).
	describe("Svix's header names", () => {
		const svix = {
			'webhook-id': undefined,
			'webhook-timestamp': undefined,
			'webhook-signature': undefined,
			'svix-id': ID,
			'svix-timestamp': String(TIMESTAMP),
			'svix-signature': SIGNATURE,
		};

		it('accepts the vector signed under svix-id, svix-timestamp and svix-signature', () => {
			expect(verifyWebhookDelivery(input({}, svix))).toEqual({
				ok: true,
				webhookId: ID,
				timestamp: TIMESTAMP,
			});
		});

		it('refuses a forged svix-signature', () => {
			const forged = sign(SECRET, ID, TIMESTAMP, Buffer.from('{"test": 1}'));
			expect(reasonOf(input({}, { ...svix, 'svix-signature': forged }))).toBe('signature_mismatch');
		});

		it('reads one family whole: a svix-id beside webhook-* headers lacks its svix-timestamp', () => {
			expect(reasonOf(input({}, { 'svix-id': ID }))).toBe('missing_timestamp');
		});

		it('reads svix-* over webhook-*: a forged svix-signature is refused beside a valid webhook-signature', () => {
			const forged = sign(SECRET, ID, TIMESTAMP, Buffer.from('{"test": 1}'));
			expect(
				reasonOf(
					input(
						{},
						{ 'svix-id': ID, 'svix-timestamp': String(TIMESTAMP), 'svix-signature': forged },
					),
				),
			).toBe('signature_mismatch');
		});

		it('applies the same window to svix-timestamp', () => {
			expect(reasonOf(input({ now: () => (TIMESTAMP + 301) * 1000 }, svix))).toBe(
				'timestamp_out_of_window',
			);
		});

		it('refuses a delivery with neither family', () => {
			expect(
				reasonOf(
					input(
						{},
						{
							'webhook-id': undefined,
							'webhook-timestamp': undefined,
							'webhook-signature': undefined,
						},
					),
				),
			).toBe('missing_webhook_id');
		});
	});

	describe('missing or empty parts', () => {
		it.each([
			['webhook-id', 'missing_webhook_id'],
			['webhook-timestamp', 'missing_timestamp'],
			['webhook-signature', 'missing_signature'],
		])('refuses a missing %s header', (header, reason) => {
			expect(reasonOf(input({}, { [header]: undefined }))).toBe(reason);
		});

		it.each([
			['webhook-id', 'missing_webhook_id'],
			['webhook-timestamp', 'missing_timestamp'],
			['webhook-signature', 'missing_signature'],
		])('refuses an empty %s header', (header, reason) => {
			expect(reasonOf(input({}, { [header]: '' }))).toBe(reason);
		});

		it('refuses a repeated header given as a list (not picking one of its values)', () => {
			const value = input();
			value.headers['webhook-signature'] = [SIGNATURE, SIGNATURE];
			expect(reasonOf(value)).toBe('missing_signature');
		});

		it('refuses a repeated webhook-id or timestamp as Node\'s parser joins it (", ")', () => {
			expect(reasonOf(input({}, { 'webhook-id': `${ID}, ${ID}` }))).toBe('signature_mismatch');
			expect(reasonOf(input({}, { 'webhook-id': `${ID}, msg_other` }))).toBe('signature_mismatch');
			expect(reasonOf(input({}, { 'webhook-timestamp': `${TIMESTAMP}, ${TIMESTAMP}` }))).toBe(
				'invalid_timestamp',
			);
		});

		it('refuses when no secret is configured, without throwing', () => {
			expect(reasonOf(input({ secret: undefined }))).toBe('no_secret');
			expect(reasonOf(input({ secret: '' }))).toBe('no_secret');
			expect(reasonOf(input({ secret: null }))).toBe('no_secret');
		});

		it('refuses a secret that is not base64', () => {
			expect(reasonOf(input({ secret: 'whsec_' }))).toBe('invalid_secret');
			expect(reasonOf(input({ secret: 'whsec_not base64!' }))).toBe('invalid_secret');
		});

		it('refuses when the raw body is not available', () => {
			expect(reasonOf(input({ rawBody: undefined }))).toBe('no_raw_body');
		});

		it('never throws, whatever it is given', () => {
			const hostile = [
				{} as VerificationInput,
				{ secret: SECRET, headers: undefined, rawBody: BODY } as unknown as VerificationInput,
				{
					secret: 42,
					headers: { 'webhook-id': 1 },
					rawBody: 'text',
				} as unknown as VerificationInput,
				input({ now: () => Number.NaN }),
				input({
					now: () => {
						throw new Error('clock');
					},
				}),
			];
			for (const value of hostile) {
				expect(() => verifyWebhookDelivery(value)).not.toThrow();
				expect(verifyWebhookDelivery(value).ok).toBe(false);
			}
		});

		it('says briefly why, never repeating the secret', () => {
			const wrong = `v1,${'A'.repeat(43)}=`;
			const result = verifyWebhookDelivery(input({}, { 'webhook-signature': wrong }));
			expect(result).toEqual({ ok: false, reason: 'signature_mismatch' });
			expect(JSON.stringify(result)).not.toContain(SECRET.slice(6));
		});
	});

	describe('the signature header', () => {
		const valid = SIGNATURE.slice(3);

		// Not the shape of a base64 HMAC-SHA256: refused as malformed, before any hashing.
		it('refuses "v1," alone', () => {
			expect(reasonOf(input({}, { 'webhook-signature': 'v1,' }))).toBe('no_v1_signature');
		});

		it('refuses a truncated signature', () => {
			expect(reasonOf(input({}, { 'webhook-signature': `v1,${valid.slice(0, -2)}` }))).toBe(
				'no_v1_signature',
			);
			expect(reasonOf(input({}, { 'webhook-signature': `v1,${valid.slice(0, 20)}` }))).toBe(
				'no_v1_signature',
			);
		});

		it('refuses an unpadded signature', () => {
			expect(reasonOf(input({}, { 'webhook-signature': `v1,${valid.replace(/=+$/, '')}` }))).toBe(
				'no_v1_signature',
			);
		});

		it.each(['V1', 'v1a', 'v2', 'v0', '1'])(
			'ignores "%s," entries: a header with only those has no v1 signature',
			(version) => {
				expect(reasonOf(input({}, { 'webhook-signature': `${version},${valid}` }))).toBe(
					'no_v1_signature',
				);
			},
		);

		it('refuses a signature without a version or comma', () => {
			expect(reasonOf(input({}, { 'webhook-signature': valid }))).toBe('no_v1_signature');
		});

		it('accepts several signatures when one of them is valid, in any position', () => {
			const other = sign(
				'whsec_' + Buffer.from('another key').toString('base64'),
				ID,
				TIMESTAMP,
				BODY,
			);
			expect(reasonOf(input({}, { 'webhook-signature': `${other} ${SIGNATURE}` }))).toBe('ok');
			expect(reasonOf(input({}, { 'webhook-signature': `${SIGNATURE} ${other}` }))).toBe('ok');
			expect(
				reasonOf(input({}, { 'webhook-signature': `v2,${valid} v1a,${valid} ${SIGNATURE}` })),
			).toBe('ok');
		});

		it('refuses several signatures when none is valid', () => {
			const other = sign(
				'whsec_' + Buffer.from('another key').toString('base64'),
				ID,
				TIMESTAMP,
				BODY,
			);
			expect(reasonOf(input({}, { 'webhook-signature': `${other} v1,AAAA v2,${valid}` }))).toBe(
				'signature_mismatch',
			);
		});

		it('refuses a signature made with the wrong secret', () => {
			const wrong = sign('whsec_' + Buffer.from('wrong').toString('base64'), ID, TIMESTAMP, BODY);
			expect(reasonOf(input({}, { 'webhook-signature': wrong }))).toBe('signature_mismatch');
		});

		it('refuses a signature made with the secret used undecoded as the key', () => {
			const undecoded = createHmac('sha256', SECRET.slice(6))
				.update(`${ID}.${TIMESTAMP}.`)
				.update(BODY)
				.digest('base64');
			expect(reasonOf(input({}, { 'webhook-signature': `v1,${undecoded}` }))).toBe(
				'signature_mismatch',
			);
			const withPrefix = createHmac('sha256', SECRET)
				.update(`${ID}.${TIMESTAMP}.`)
				.update(BODY)
				.digest('base64');
			expect(reasonOf(input({}, { 'webhook-signature': `v1,${withPrefix}` }))).toBe(
				'signature_mismatch',
			);
		});
	});

	describe('what was signed', () => {
		it.each([
			['added whitespace', '{"test":  2432232314}'],
			['removed whitespace', '{"test":2432232314}'],
			['a trailing newline', '{"test": 2432232314}\n'],
			['CRLF', '{"test": 2432232314}\r\n'],
			['another key order', '{"b": 1, "a": 2}'],
			['another value', '{"test": 2432232315}'],
		])('refuses the body with %s', (_change, body) => {
			expect(reasonOf(input({ rawBody: Buffer.from(body) }))).toBe('signature_mismatch');
		});

		it('refuses a reordered body even when the original had the other order', () => {
			const original = Buffer.from('{"a":1,"b":2}');
			const signature = sign(SECRET, ID, TIMESTAMP, original);
			expect(reasonOf(input({ rawBody: original }, { 'webhook-signature': signature }))).toBe('ok');
			expect(
				reasonOf(
					input({ rawBody: Buffer.from('{"b":2,"a":1}') }, { 'webhook-signature': signature }),
				),
			).toBe('signature_mismatch');
		});

		it('signs the bytes of a non-UTF-8 body, not its decoded text', () => {
			const latin1 = Buffer.from([
				0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xe9, 0xff, 0xfe, 0x22, 0x7d,
			]); // {"n":"é\xff\xfe"}
			const signature = sign(SECRET, ID, TIMESTAMP, latin1);
			expect(reasonOf(input({ rawBody: latin1 }, { 'webhook-signature': signature }))).toBe('ok');
			// What a receiver that decoded and re-encoded the text would check:
			const reencoded = Buffer.from(latin1.toString('utf8'), 'utf8');
			expect(reencoded.equals(latin1)).toBe(false);
			expect(reasonOf(input({ rawBody: reencoded }, { 'webhook-signature': signature }))).toBe(
				'signature_mismatch',
			);
		});

		it('refuses the id changed after signing', () => {
			expect(reasonOf(input({}, { 'webhook-id': `${ID}x` }))).toBe('signature_mismatch');
			expect(reasonOf(input({}, { 'webhook-id': 'msg_other' }))).toBe('signature_mismatch');
		});

		it('refuses the timestamp changed after signing (still in the window)', () => {
			expect(reasonOf(input({}, { 'webhook-timestamp': String(TIMESTAMP + 1) }))).toBe(
				'signature_mismatch',
			);
		});
	});

	describe('the timestamp', () => {
		/** Signed correctly for its timestamp, checked at the vector's time. */
		function at(timestamp: string): string {
			return reasonOf(
				input(
					{},
					{
						'webhook-timestamp': timestamp,
						'webhook-signature': sign(SECRET, ID, timestamp, BODY),
					},
				),
			);
		}

		it.each([300, -300, 0, 299, -299])('accepts a timestamp %i s away from the clock', (offset) => {
			expect(at(String(TIMESTAMP + offset))).toBe('ok');
		});

		it.each([301, -301, 3600, -86400])('refuses a timestamp %i s away from the clock', (offset) => {
			expect(at(String(TIMESTAMP + offset))).toBe('timestamp_out_of_window');
		});

		it('uses the injected clock, in milliseconds', () => {
			const signature = sign(SECRET, ID, TIMESTAMP, BODY);
			expect(
				reasonOf(
					input({ now: () => (TIMESTAMP + 300) * 1000 + 999 }, { 'webhook-signature': signature }),
				),
			).toBe('ok');
			expect(
				reasonOf(
					input({ now: () => (TIMESTAMP + 301) * 1000 }, { 'webhook-signature': signature }),
				),
			).toBe('timestamp_out_of_window');
		});

		it('refuses a timestamp in milliseconds', () => {
			expect(at(String(TIMESTAMP * 1000))).toBe('timestamp_out_of_window');
		});

		it.each([
			['digits followed by letters', `${TIMESTAMP}abc`],
			['a negative number', `-${TIMESTAMP}`],
			['a float', `${TIMESTAMP}.5`],
			['exponent notation', '1.614265330e9'],
			['hexadecimal', '0x6037a2f2'],
			['leading whitespace', ` ${TIMESTAMP}`],
			['a plus sign', `+${TIMESTAMP}`],
			['an ISO date', '2021-02-25T15:02:10Z'],
			['a huge number', '9'.repeat(40)],
		])('refuses %s', (_kind, timestamp) => {
			expect(at(timestamp)).toBe('invalid_timestamp');
		});
	});

	describe('secrets used one after another', () => {
		it('verifies each delivery with its own secret, forty secrets twice over', () => {
			const secrets = Array.from(
				{ length: 40 },
				(_, i) => `whsec_${Buffer.alloc(24, i + 1).toString('base64')}`,
			);
			for (const round of [0, 1])
				for (const [i, secret] of secrets.entries()) {
					const other = secrets[(i + 1) % secrets.length];
					const headers = { 'webhook-signature': sign(secret, ID, TIMESTAMP, BODY) };
					expect(reasonOf(input({ secret }, headers))).toBe('ok');
					expect(reasonOf(input({ secret: other }, headers))).toBe('signature_mismatch');
					expect(round === 0 || isValidWebhookSecret(secret)).toBe(true);
				}
		});

		it('refuses a secret that is too short however often it is used', () => {
			const short = `whsec_${Buffer.alloc(16, 7).toString('base64')}`;
			for (let i = 0; i < 3; i++) expect(reasonOf(input({ secret: short }))).toBe('invalid_secret');
		});
	});
});

describe('webhook secrets', () => {
	it.each([
		SECRET,
		SECRET.slice('whsec_'.length),
		'whsec_RCFH/3eyEzUdJPn9lJj3ZLkULhHWVB9m',
		`whsec_${Buffer.alloc(64, 7).toString('base64')}`,
	])('accepts %s', (secret) => {
		expect(isValidWebhookSecret(secret)).toBe(true);
	});

	// Standard Webhooks' keys are 24 to 64 bytes; a shorter one could be guessed.
	it.each([
		'whsec_AA',
		'whsec_AAAA',
		'AAAA',
		'whsec_YWJjZA==',
		`whsec_${Buffer.alloc(23, 7).toString('base64')}`,
	])('refuses the short key %s', (secret) => {
		expect(isValidWebhookSecret(secret)).toBe(false);
		expect(reasonOf(input({ secret }))).toBe('invalid_secret');
	});

	it.each(['', 'whsec_', 'whsec_ab cd', 'whsec_abc$', 'whsec_====', undefined, null])(
		'refuses %p',
		(secret) => {
			expect(isValidWebhookSecret(secret)).toBe(false);
		},
	);
});
