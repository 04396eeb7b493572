import type { IHttpRequestOptions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { sendAuthenticated } from './redirects';
import type { FaxPlusContext } from './context';
import { responseOf } from './responses';
import { logDebug, logWarning, urlForLog } from '../logging/log';
import { requestErrorOf } from './nodeErrors';

/** How often one request answered 429 is sent again (then its 429 is the error). */
export const RATE_LIMIT_RETRIES = 3;
/** A longer Retry-After is not waited for: the request fails with its 429 at once. */
const MAX_RETRY_AFTER_SECONDS = 30;
/** The wait when a 429 names none. */
const DEFAULT_RETRY_AFTER_MS = 1000;

/**
 * Sends one request; on 429 waits for the Retry-After the API asks for (bounded) and sends
 * the same request again. Only this request waits: items in flight beside it go on.
 * Other failures are thrown as they are, never retried.
 */
export async function sendWithRateLimitRetry(
	context: FaxPlusContext,
	credentialType: string,
	options: IHttpRequestOptions,
	baseUrl: string,
	maxRetries = RATE_LIMIT_RETRIES,
): Promise<unknown> {
	for (let retries = 0; ; retries++) {
		try {
			return await sendAuthenticated(context, credentialType, options, baseUrl);
		} catch (error) {
			const waitMs = retries < maxRetries ? rateLimitWaitMs(error) : undefined;
			if (waitMs === undefined) {
				if (maxRetries > 0 && responseOf(error).status === 429)
					logWarning(
						context,
						`Fax.Plus answered 429 (rate limit) to ${options.method ?? 'GET'} ${urlForLog(String(options.url ?? ''))} ${retries > 0 ? `after ${retries} retries` : 'asking for a longer wait than allowed'}; the request failed. Lower Items at Once or space the runs`,
						{ event: 'rate_limit_exhausted', retries },
					);
				throw requestErrorOf(context, error);
			}
			logDebug(
				context,
				`Fax.Plus answered 429 (rate limit): the request is sent again in ${waitMs} ms`,
				{ event: 'rate_limit_wait', waitMs },
			);
			await sleep(waitMs);
		}
	}
}

/** The wait a 429 asks for, or undefined when the error is no 429 or asks too much. */
function rateLimitWaitMs(error: unknown): number | undefined {
	const { status, headers } = responseOf(error);
	if (status !== 429) return undefined;
	const waitMs = retryAfterMs(headers['retry-after'], Date.now()) ?? DEFAULT_RETRY_AFTER_MS;
	return waitMs <= MAX_RETRY_AFTER_SECONDS * 1000 ? waitMs : undefined;
}

/** A Retry-After header in ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined if unreadable. */
function retryAfterMs(value: unknown, nowMs: number): number | undefined {
	const text = Array.isArray(value) ? value[0] : value;
	if (typeof text !== 'string' || text.trim() === '') return undefined;
	if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
	if (!/[a-z]/i.test(text)) return undefined;
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
