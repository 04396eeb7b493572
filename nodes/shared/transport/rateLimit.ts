import { responseOf } from '../n8n/requestErrors';

/** How often one request answered 429 is sent again (then its 429 is the error). */
export const RATE_LIMIT_RETRIES = 3;
/** A longer Retry-After is not waited for: the request fails with its 429 at once. */
const MAX_RETRY_AFTER_MS = 30_000;
const DEFAULT_RETRY_AFTER_MS = 1000;

/** The wait a 429 asks for, or undefined when the error is no 429 or asks more than `most` ms. */
export function rateLimitWaitMs(error: unknown, most = MAX_RETRY_AFTER_MS): number | undefined {
	const { status, headers } = responseOf(error);
	if (status !== 429) return undefined;
	const waitMs = retryAfterMs(headers['retry-after']) ?? DEFAULT_RETRY_AFTER_MS;
	return waitMs <= Math.min(most, MAX_RETRY_AFTER_MS) ? waitMs : undefined;
}

/** A Retry-After header in ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined if unreadable. */
function retryAfterMs(value: unknown): number | undefined {
	const text = Array.isArray(value) ? value[0] : value;
	if (typeof text !== 'string' || text.trim() === '' || text.length > 64) return undefined;
	if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
	if (!/[a-z]/i.test(text)) return undefined;
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
