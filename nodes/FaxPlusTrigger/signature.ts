// Verification of signed webhook deliveries (Standard Webhooks, as Fax.Plus uses them through
// Svix). Svix names the headers `svix-id`, `svix-timestamp`, `svix-signature`, or `webhook-*`
// for a white-labelled account; its own verifier reads either, with the same signed content.
// A plain module: no n8n imports, only node:crypto, and an injectable clock. It never throws:
// every failure is a reason (refusalLog.ts words each one).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Allowed difference between the delivery's timestamp and the receiver's clock, either way. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** Standard Webhooks' shortest key: a shorter one could be guessed, and signatures forged. */
export const MIN_SECRET_BYTES = 24;
/** A base64 HMAC-SHA256: what every well-formed `v1,` signature is. */
const SIGNATURE_SHAPE = /^[A-Za-z0-9+/]{43}=$/;
/** Enough for any real header; a longer one is refused before any work. */
const MAX_SIGNATURE_ENTRIES = 64;

/** Why a delivery does not verify; refusalLog.ts says each in plain words. */
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
	/** Request headers (lower-case names, as Node.js gives them). */
	headers: Record<string, string | string[] | undefined>;
	/** The exact bytes of the request body. */
	rawBody: Buffer | undefined | null;
	/** Receiver clock in milliseconds; Date.now by default. */
	now?: () => number;
}

const fail = (reason: VerificationFailure) => ({ ok: false, reason }) as const;

/** The HMAC key: the part after an optional `whsec_` prefix, base64-decoded, at least MIN_SECRET_BYTES. */
function keyOf(secret: unknown): Buffer | undefined {
	const encoded = typeof secret === 'string' ? secret.trim().replace(/^whsec_/, '') : '';
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
	const key = Buffer.from(encoded, 'base64');
	return key.length >= MIN_SECRET_BYTES ? key : undefined;
}

/** True when the secret has the format Fax.Plus gives: optional `whsec_` prefix and a base64 key of at least MIN_SECRET_BYTES. */
export function isValidWebhookSecret(secret: unknown): boolean {
	return keyOf(secret) !== undefined;
}

/**
 * A header's value. Node's parser joins a repeated header into one string with ", ", so a
 * repeated id or timestamp is checked as that joined text: it is part of the signed string (or
 * fails the digits check) and cannot verify. A list, which only callers that keep repeats apart
 * pass, is refused rather than one of its values picked.
 */
function singleHeader(headers: VerificationInput['headers'], name: string): string | undefined {
	const value = headers[name];
	return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A delivery's signature headers, of one family. */
export interface SignatureHeaders {
	id: string | undefined;
	timestamp: string | undefined;
	signature: string | undefined;
}

/**
 * The signature headers of one family: Svix's own names when the delivery carries any of them,
 * else the `webhook-*` names. One family whole, so the id checked is the id signed and recorded.
 */
export function signatureHeadersOf(headers: VerificationInput['headers']): SignatureHeaders {
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

/**
 * Checks the headers alone, without the secret and without the body: present, single, a
 * timestamp of digits within the tolerance, at least one well-formed `v1,` signature. A
 * delivery that fails here is refused before its credential is read or its body hashed.
 */
export function checkSignatureHeaders(input: Pick<VerificationInput, 'headers' | 'now'>) {
	const {
		id: webhookId,
		timestamp: timestampText,
		signature: signatureHeader,
	} = signatureHeadersOf(input.headers ?? {});
	if (webhookId === undefined) return fail('missing_webhook_id');
	if (timestampText === undefined) return fail('missing_timestamp');
	if (signatureHeader === undefined) return fail('missing_signature');

	if (!/^[0-9]{1,15}$/.test(timestampText)) return fail('invalid_timestamp');
	const nowSeconds = Math.floor((input.now ?? Date.now)() / 1000);
	if (!(Math.abs(nowSeconds - Number(timestampText)) <= TIMESTAMP_TOLERANCE_SECONDS))
		return fail('timestamp_out_of_window');

	const entries = signatureHeader.split(' ');
	if (entries.length > MAX_SIGNATURE_ENTRIES) return fail('signature_mismatch');
	// Other versions than v1 are ignored.
	const candidates = entries
		.filter((entry) => entry.startsWith('v1,'))
		.map((entry) => entry.slice(3))
		.filter((signature) => SIGNATURE_SHAPE.test(signature));
	if (candidates.length === 0) return fail('no_v1_signature');
	return { ok: true as const, webhookId, timestampText, candidates };
}

/**
 * Verifies one delivery: exact raw body, `<id>.<timestamp>.<body>` (either family) signed with
 * HMAC-SHA256 under the decoded secret, compared in constant time with every `v1,` entry,
 * timestamp strictly digits and within the tolerance either way. Never throws.
 */
export function verifyWebhookDelivery(input: VerificationInput): VerificationResult {
	try {
		if (typeof input.secret !== 'string' || input.secret.trim() === '') return fail('no_secret');
		const key = keyOf(input.secret);
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
