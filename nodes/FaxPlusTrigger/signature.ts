// Standard Webhooks (Svix) verification; pure, never throws: a failure is a reason.
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/** Allowed difference between the delivery's timestamp and the receiver's clock, either way. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** Standard Webhooks' shortest key: a shorter one could be guessed, and signatures forged. */
export const MIN_SECRET_BYTES = 24;
/** A base64 HMAC-SHA256: what every well-formed `v1,` signature is. */
const SIGNATURE_SHAPE = /^[A-Za-z0-9+/]{43}=$/;
/** Enough for any real header; a longer one is refused before any work. */
const MAX_SIGNATURE_ENTRIES = 64;

export type VerificationFailure =
	| 'missing_webhook_id'
	| 'missing_timestamp'
	| 'missing_signature'
	| 'invalid_timestamp'
	| 'timestamp_out_of_window'
	| 'no_v1_signature'
	| 'signature_mismatch'
	| 'no_secret'
	| 'invalid_secret'
	| 'no_raw_body'
	| 'internal_error';

export type VerificationResult =
	{ ok: true; webhookId: string; timestamp: number } | { ok: false; reason: VerificationFailure };

export interface VerificationInput {
	/** The endpoint's signing secret, `whsec_...` or the bare base64 key; empty or undefined: not configured. */
	secret: string | undefined | null;
	headers: Record<string, string | string[] | undefined>;
	rawBody: Buffer | undefined | null;
	now?: () => number;
}

const fail = (reason: VerificationFailure) => ({ ok: false, reason }) as const;

/** The HMAC key: the part after an optional `whsec_` prefix, base64-decoded, at least MIN_SECRET_BYTES. */
function decodeKey(secret: unknown): KeyObject | undefined {
	if (typeof secret !== 'string') return undefined;
	const encoded = secret.trim().replace(/^whsec_/, '');
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
	const key = Buffer.from(encoded, 'base64');
	return key.length >= MIN_SECRET_BYTES ? createSecretKey(key) : undefined;
}

/** Whether the secret has Fax.Plus's format: optional `whsec_`, then a long enough base64 key. */
export function isValidWebhookSecret(secret: unknown): boolean {
	return decodeKey(secret) !== undefined;
}

/** A header's value; a list (repeats kept apart) is refused rather than one value picked. */
function singleHeader(headers: VerificationInput['headers'], name: string): string | undefined {
	const value = headers[name];
	return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** One family of headers whole (`svix-*` if any, else `webhook-*`): the id checked is signed. */
export function signatureHeadersOf(headers: VerificationInput['headers']) {
	const svix = ['svix-id', 'svix-timestamp', 'svix-signature'].some(
		(name) => headers[name] !== undefined,
	);
	const prefix = svix ? 'svix' : 'webhook';
	return {
		id: singleHeader(headers, `${prefix}-id`),
		timestamp: singleHeader(headers, `${prefix}-timestamp`),
		signature: singleHeader(headers, `${prefix}-signature`),
	};
}

/** The headers alone: a delivery failing here is refused before its credential is read. */
export function checkSignatureHeaders(input: Pick<VerificationInput, 'headers' | 'now'>) {
	const { id, timestamp, signature } = signatureHeadersOf(input.headers ?? {});
	if (id === undefined) return fail('missing_webhook_id');
	if (timestamp === undefined) return fail('missing_timestamp');
	if (signature === undefined) return fail('missing_signature');

	if (!/^[0-9]{1,15}$/.test(timestamp)) return fail('invalid_timestamp');
	const nowSeconds = Math.floor((input.now ?? Date.now)() / 1000);
	if (!(Math.abs(nowSeconds - Number(timestamp)) <= TIMESTAMP_TOLERANCE_SECONDS))
		return fail('timestamp_out_of_window');

	const entries = signature.split(' ');
	if (entries.length > MAX_SIGNATURE_ENTRIES) return fail('signature_mismatch');
	const candidates = entries
		.filter((entry) => entry.startsWith('v1,'))
		.map((entry) => entry.slice(3))
		.filter((candidate) => SIGNATURE_SHAPE.test(candidate));
	if (candidates.length === 0) return fail('no_v1_signature');
	return { ok: true as const, webhookId: id, timestampText: timestamp, candidates };
}

/** HMAC-SHA256 of `<id>.<timestamp>.<body>`, compared in constant time with every `v1,` entry. */
export function verifyWebhookDelivery(input: VerificationInput): VerificationResult {
	try {
		if (typeof input.secret !== 'string' || input.secret.trim() === '') return fail('no_secret');
		const key = decodeKey(input.secret);
		if (!key) return fail('invalid_secret');

		const headers = checkSignatureHeaders(input);
		if (!headers.ok) return headers;
		const { webhookId, timestampText, candidates } = headers;

		if (!Buffer.isBuffer(input.rawBody)) return fail('no_raw_body');

		const expected = createHmac('sha256', key)
			.update(`${webhookId}.${timestampText}.`, 'utf8')
			.update(input.rawBody)
			.digest('base64');
		// Every entry (44 characters, as the digest) is compared, so the time does not tell which one matched.
		let matched = false;
		for (const candidate of candidates)
			if (timingSafeEqual(Buffer.from(expected), Buffer.from(candidate))) matched = true;
		if (!matched) return fail('signature_mismatch');
		return { ok: true, webhookId, timestamp: Number(timestampText) };
	} catch {
		return fail('internal_error');
	}
}
