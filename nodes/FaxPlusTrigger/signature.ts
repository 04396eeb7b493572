// Verification of signed webhook deliveries (Standard Webhooks, as Fax.Plus uses them).
// A plain module: no n8n imports, only node:crypto, and an injectable clock. It never throws:
// every failure is a result with a reason.
import { createHmac } from 'node:crypto';

/** Allowed difference between `webhook-timestamp` and the receiver's clock, either way. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Standard Webhooks' shortest key: a shorter one could be guessed, and signatures forged. */
export const MIN_SECRET_BYTES = 24;
/** A base64 HMAC-SHA256: what every well-formed `v1,` signature is. */
const SIGNATURE_SHAPE = /^[A-Za-z0-9+/]{43}=$/;
const DIGITS = /^[0-9]{1,15}$/;
/** Enough for any real header; a longer one is refused before any work. */
const MAX_SIGNATURE_ENTRIES = 64;

export type VerificationFailure =
	| 'no_secret'
	| 'invalid_secret'
	| 'missing_webhook_id'
	| 'missing_timestamp'
	| 'missing_signature'
	| 'invalid_timestamp'
	| 'timestamp_out_of_window'
	| 'no_v1_signature'
	| 'signature_mismatch'
	| 'no_raw_body'
	| 'internal_error';

export type VerificationResult =
	| { ok: true; webhookId: string; timestamp: number }
	| { ok: false; reason: VerificationFailure; message: string };

export interface VerificationInput {
	/** The endpoint's signing secret, `whsec_...` or the bare base64 key; empty or undefined: not configured. */
	secret: string | undefined | null;
	/** Request headers (lower-case names, as Node.js gives them). */
	headers: Record<string, string | string[] | undefined>;
	/** The exact bytes of the request body. */
	rawBody: Buffer | undefined | null;
	/** Receiver clock in milliseconds; Date.now by default. */
	now?: () => number;
	/** Default TIMESTAMP_TOLERANCE_SECONDS. */
	toleranceSeconds?: number;
}

const MESSAGES: Record<VerificationFailure, string> = {
	no_secret: 'No signing secret is configured for this trigger, so the delivery cannot be verified',
	invalid_secret: `The configured signing secret is not a whsec_ base64 secret of at least ${MIN_SECRET_BYTES} bytes`,
	missing_webhook_id: 'The webhook-id header is missing or empty',
	missing_timestamp: 'The webhook-timestamp header is missing or empty',
	missing_signature: 'The webhook-signature header is missing or empty',
	invalid_timestamp: 'The webhook-timestamp header is not a Unix time in seconds',
	timestamp_out_of_window:
		"The webhook-timestamp is more than 5 minutes away from the receiver's clock",
	no_v1_signature: 'The webhook-signature header has no well-formed v1 signature',
	signature_mismatch: 'No v1 signature matches the body signed with the configured secret',
	no_raw_body: 'The raw request body is not available, so the signature cannot be checked',
	internal_error: 'The delivery could not be verified',
};

function fail(reason: VerificationFailure): {
	ok: false;
	reason: VerificationFailure;
	message: string;
} {
	return { ok: false, reason, message: MESSAGES[reason] };
}

/**
 * The HMAC key of a secret: the part after an optional `whsec_` prefix, base64-decoded.
 * Undefined when the secret is not base64 or decodes to fewer than MIN_SECRET_BYTES.
 */
export function decodeWebhookSecret(secret: string | undefined | null): Buffer | undefined {
	if (typeof secret !== 'string') return undefined;
	const encoded = secret.trim().startsWith(SECRET_PREFIX)
		? secret.trim().slice(SECRET_PREFIX.length)
		: secret.trim();
	if (!BASE64.test(encoded)) return undefined;
	const key = Buffer.from(encoded, 'base64');
	return key.length >= MIN_SECRET_BYTES ? key : undefined;
}

/** True when the secret has the format Fax.Plus gives: optional `whsec_` prefix and a base64 key of at least MIN_SECRET_BYTES. */
export function isValidWebhookSecret(secret: string | undefined | null): boolean {
	return decodeWebhookSecret(secret) !== undefined;
}

/**
 * A header's value. Node's parser joins a repeated `webhook-*` header into one string with
 * ", ", so a repeated webhook-id or timestamp is checked as that joined text: it is part of the
 * signed string (or fails the digits check) and cannot verify. A list, which only callers that
 * keep repeats apart pass, is refused rather than one of its values picked.
 */
function singleHeader(headers: VerificationInput['headers'], name: string): string | undefined {
	const value = headers[name];
	if (typeof value !== 'string') return undefined;
	return value === '' ? undefined : value;
}

/** The `v1,` signatures of a `webhook-signature` header's entries; other versions are ignored. */
function v1SignaturesOf(entries: string[]): string[] {
	const signatures: string[] = [];
	for (const entry of entries) {
		if (entry.startsWith('v1,')) signatures.push(entry.slice(3));
	}
	return signatures;
}

/**
 * Compares two signatures in time that depends only on their lengths (which are public: a
 * base64 HMAC-SHA256 is 44 characters), without making Buffers of them.
 */
function constantTimeEquals(expected: string, given: string): boolean {
	let difference = expected.length ^ given.length;
	for (let i = 0; i < expected.length; i++)
		difference |= expected.charCodeAt(i) ^ given.charCodeAt(i);
	return difference === 0;
}

/** What the signature headers of a delivery say, once they are well-formed. */
export type SignatureHeaders =
	| { ok: true; webhookId: string; timestampText: string; candidates: string[] }
	| { ok: false; reason: VerificationFailure; message: string };

/**
 * Checks the headers alone, without the secret and without the body: present, single, a
 * timestamp of digits within the tolerance, at least one well-formed `v1,` signature. A
 * delivery that fails here is refused before its credential is read or its body hashed.
 */
export function checkSignatureHeaders(
	input: Pick<VerificationInput, 'headers' | 'now' | 'toleranceSeconds'>,
): SignatureHeaders {
	const headers = input.headers ?? {};
	const webhookId = singleHeader(headers, 'webhook-id');
	if (webhookId === undefined) return fail('missing_webhook_id');
	const timestampText = singleHeader(headers, 'webhook-timestamp');
	if (timestampText === undefined) return fail('missing_timestamp');
	const signatureHeader = singleHeader(headers, 'webhook-signature');
	if (signatureHeader === undefined || signatureHeader.trim() === '')
		return fail('missing_signature');

	if (!DIGITS.test(timestampText)) return fail('invalid_timestamp');
	const timestamp = Number(timestampText);
	const nowSeconds = Math.floor((input.now ?? Date.now)() / 1000);
	const tolerance = input.toleranceSeconds ?? TIMESTAMP_TOLERANCE_SECONDS;
	if (!Number.isFinite(nowSeconds) || Math.abs(nowSeconds - timestamp) > tolerance) {
		return fail('timestamp_out_of_window');
	}

	const entries = signatureHeader.split(' ');
	if (entries.length > MAX_SIGNATURE_ENTRIES) return fail('signature_mismatch');
	const candidates = v1SignaturesOf(entries).filter((each) => SIGNATURE_SHAPE.test(each));
	if (candidates.length === 0) return fail('no_v1_signature');
	return { ok: true, webhookId, timestampText, candidates };
}

/**
 * Verifies one delivery: exact raw body, `<webhook-id>.<webhook-timestamp>.<body>` signed with
 * HMAC-SHA256 under the decoded secret, compared in constant time with every `v1,` entry,
 * timestamp strictly digits and within the tolerance either way. Never throws.
 */
export function verifyWebhookDelivery(input: VerificationInput): VerificationResult {
	try {
		if (typeof input.secret !== 'string' || input.secret.trim() === '') return fail('no_secret');
		const key = decodeWebhookSecret(input.secret);
		if (!key) return fail('invalid_secret');

		const headers = checkSignatureHeaders(input);
		if (!headers.ok) return headers;
		const { webhookId, timestampText, candidates } = headers;

		if (!Buffer.isBuffer(input.rawBody)) return fail('no_raw_body');

		const expected = createHmac('sha256', key)
			.update(`${webhookId}.${timestampText}.`, 'utf8')
			.update(input.rawBody)
			.digest('base64');
		let matched = false;
		// Every entry is compared, so the time does not tell which one matched.
		for (const candidate of candidates) {
			if (constantTimeEquals(expected, candidate)) matched = true;
		}
		if (!matched) return fail('signature_mismatch');
		return { ok: true, webhookId, timestamp: Number(timestampText) };
	} catch {
		return fail('internal_error');
	}
}
