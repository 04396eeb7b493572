import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { isLiteralLoopbackHost } from './addresses';
import type { FaxPlusContext } from './context';
import { describeFaxPlusError, parseErrorBody } from './errorCatalogue';
import { sendAuthenticated } from './redirects';
import { responseOf } from './responses';
import { requestErrorOf } from './nodeErrors';
import { logDebug, logWarning, urlForLog } from '../logging/log';

export type { FaxPlusContext };

export const DEFAULT_BASE_URL = 'https://restapi.fax.plus/v3';

/** How often one request answered 429 is sent again (then its 429 is the error). */
const RATE_LIMIT_RETRIES = 3;
/** A longer Retry-After is not waited for: the request fails with its 429 at once. */
const MAX_RETRY_AFTER_MS = 30_000;
/** The wait when a 429 names none. */
const DEFAULT_RETRY_AFTER_MS = 1000;

export interface FaxPlusRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, e.g. `/accounts/self/plan`. */
	path: string;
	/** A Blob (e.g. a streamed upload) is read again through its `stream()` on each attempt. */
	body?: IDataObject | IDataObject[] | Buffer | FormData | Blob;
	qs?: IDataObject;
	headers?: IDataObject;
	/** Item the request is for, so errors point at it. */
	itemIndex?: number;
	/** Milliseconds to wait for the answer (n8n's default when omitted). */
	timeout?: number;
	/** How often a 429 is waited out and sent again (3 when omitted). */
	rateLimitRetries?: number;
}

function isOAuth2(context: FaxPlusContext): boolean {
	return context.getNode().parameters.authentication === 'oAuth2';
}

function credentialTypeOf(context: FaxPlusContext): string {
	return isOAuth2(context) ? 'faxPlusOAuth2Api' : 'faxPlusApi';
}

// A segment the URL parser removes or climbs out of (WHATWG URL: "." and ".." in any case of
// %2e). Callers encode each ID with encodeURIComponent, which leaves dots alone, so "." or ".."
// survives it and is refused here.
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Refuses a path with an empty, "." or ".." segment before anything is read or sent: such an
 * ID (from a picker, an expression or an agent's $fromAI) would address another resource,
 * e.g. Contact → Update with ID ".." would rename the account (PUT /accounts/self).
 */
function checkPath(context: FaxPlusContext, request: FaxPlusRequest): void {
	const segments = request.path.split('/');
	const bad = segments.findIndex(
		(part, index) => index > 0 && (part === '' || DOT_SEGMENT.test(part)),
	);
	if (request.path.startsWith('/') && bad === -1) return;
	const before = bad > 0 ? `${segments.slice(0, bad).join('/')}/` : '';
	const shown = bad > 0 && segments[bad] !== '' ? `"${decodeSegment(segments[bad])}"` : 'empty';
	throw new NodeOperationError(
		context.getNode(),
		`The ID after ${before || 'the base URL'} is ${shown}, so no request was sent`,
		{
			description:
				'An ID in a request path cannot be empty, "." or "..": the request would reach another resource. Check the field that gives this ID (picker, expression or an AI agent\'s input).',
			itemIndex: request.itemIndex,
		},
	);
}

function decodeSegment(part: string): string {
	try {
		return decodeURIComponent(part);
	} catch {
		return part;
	}
}

/**
 * The credential's Base URL, safe by construction: https://, or http:// to a literal loopback host (a
 * local test server or gateway), where the token never crosses a network in clear; no user name,
 * password, query or fragment (they would travel with, or break, every request). Refused before
 * any request otherwise, naming the URL without them.
 */
function checkedBaseUrl(context: FaxPlusContext, value: unknown, itemIndex?: number): string {
	const text = String(value || DEFAULT_BASE_URL).trim();
	const url = URL.canParse(text) ? new URL(text) : undefined;
	const safe =
		url?.protocol === 'https:' ||
		(url?.protocol === 'http:' && isLiteralLoopbackHost(url.hostname));
	const extra = url && (url.username || url.password || url.search || url.hash);
	if (safe && !extra) return text.replace(/\/+$/, '');
	const shown = url ? `${url.protocol}//${url.host}${url.pathname}` : 'not a URL';
	const message =
		!url || (url.protocol !== 'http:' && url.protocol !== 'https:')
			? `The credential's Base URL (${shown}) must start with https://`
			: !safe
				? `The credential's Base URL (${shown}) uses http://, which would send the token unencrypted`
				: `The credential's Base URL (${shown}) must not carry a user name, password, query or fragment`;
	throw new NodeOperationError(context.getNode(), message, {
		description: `Fax.Plus's is ${DEFAULT_BASE_URL}. http:// is accepted only for a loopback host (localhost, 127.0.0.1, [::1]), e.g. a local test server or gateway. No request was sent.`,
		itemIndex,
	});
}

/**
 * Sends one request to the Fax.Plus API (the path checked, the Base URL checked, the client id
 * added for OAuth2, 429s waited out) and throws a failure as an actionable node error.
 */
async function send(
	context: FaxPlusContext,
	request: FaxPlusRequest,
	download = false,
): Promise<unknown> {
	checkPath(context, request);
	const credentialType = credentialTypeOf(context);
	const credentials = await context.getCredentials(credentialType);
	const baseUrl = checkedBaseUrl(context, credentials.baseUrl, request.itemIndex);
	const headers: IDataObject = {
		Accept: download ? '*/*' : 'application/json',
		...request.headers,
	};
	// Fax.Plus requires the client id on every OAuth2 call; n8n does not add it.
	if (isOAuth2(context)) headers['x-fax-clientid'] = credentials.clientId as string;
	const { body } = request;
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
		headers,
		qs: request.qs,
		body: body as IHttpRequestOptions['body'],
		json:
			!download && !(body instanceof Buffer || body instanceof FormData || body instanceof Blob),
		...(download && { encoding: 'arraybuffer', returnFullResponse: true }),
	};
	if (request.timeout !== undefined) options.timeout = request.timeout;
	const { rateLimitRetries = RATE_LIMIT_RETRIES } = request;
	// On 429 only this request waits the Retry-After (bounded) and is sent again: items in flight
	// beside it go on. Other failures are thrown at once, never retried.
	for (let retries = 0; ; retries++) {
		try {
			return await sendAuthenticated(context, credentialType, options, baseUrl);
		} catch (error) {
			const waitMs = retries < rateLimitRetries ? rateLimitWaitMs(error) : undefined;
			if (waitMs === undefined) {
				if (rateLimitRetries > 0 && responseOf(error).status === 429)
					logWarning(
						context,
						`Fax.Plus answered 429 (rate limit) to ${request.method} ${urlForLog(options.url)} ${retries > 0 ? `after ${retries} retries` : 'asking for a longer wait than allowed'}; the request failed. Lower Items at Once or space the runs`,
						{ event: 'rate_limit_exhausted', retries },
					);
				throw toFaxPlusError(context, requestErrorOf(context, error), request);
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
	const waitMs = retryAfterMs(headers['retry-after']) ?? DEFAULT_RETRY_AFTER_MS;
	return waitMs <= MAX_RETRY_AFTER_MS ? waitMs : undefined;
}

/** A Retry-After header in ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined if unreadable. */
function retryAfterMs(value: unknown): number | undefined {
	const text = Array.isArray(value) ? value[0] : value;
	if (typeof text !== 'string' || text.trim() === '') return undefined;
	if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
	if (!/[a-z]/i.test(text)) return undefined;
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The base URL the node's credential points at, without a trailing slash. */
export async function faxPlusBaseUrl(context: FaxPlusContext): Promise<string> {
	const credentials = await context.getCredentials(credentialTypeOf(context));
	return String(credentials.baseUrl || DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/** Calls the Fax.Plus API and returns the parsed JSON body (undefined when empty). */
export async function faxPlusApiRequest<T = IDataObject>(
	context: FaxPlusContext,
	request: FaxPlusRequest,
): Promise<T> {
	const body = await send(context, request);
	return (body === '' ? undefined : body) as T;
}

/**
 * Deletes something that may already be gone: answers true when it was deleted,
 * false on 404, and throws any other failure as a clear NodeApiError.
 */
export async function faxPlusApiDeleteIfExists(
	context: FaxPlusContext,
	request: Omit<FaxPlusRequest, 'method'>,
): Promise<boolean> {
	try {
		await send(context, { ...request, method: 'DELETE' });
		return true;
	} catch (error) {
		if (error instanceof NodeApiError && error.httpCode === '404') return false;
		throw requestErrorOf(context, error, request.itemIndex);
	}
}

/** Downloads binary content such as a JPEG thumbnail or a PDF. */
export async function faxPlusApiDownload(
	context: FaxPlusContext,
	request: FaxPlusRequest,
): Promise<{ data: Buffer; contentType: string | undefined }> {
	const response = (await send(context, request, true)) as {
		body: Buffer | ArrayBuffer;
		headers: Record<string, string | undefined>;
	};
	const data = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body);
	return { data, contentType: response.headers['content-type']?.split(';')[0] };
}

function toFaxPlusError(
	context: FaxPlusContext,
	error: unknown,
	request: FaxPlusRequest,
): NodeApiError | NodeOperationError {
	const { status, body } = responseOf(error);
	// The node's own refusals (a redirect elsewhere) and failures without an answer (refused, DNS,
	// timeout) keep their message: it names the cause.
	if (error instanceof NodeOperationError || status === undefined)
		return requestErrorOf(context, error, request.itemIndex);
	const parsed = parseErrorBody(body);
	const { message, description } = describeFaxPlusError(status, parsed, request.path);
	return new NodeApiError(
		context.getNode(),
		{ ...parsed, httpCode: String(status) } as JsonObject,
		{
			message,
			description,
			httpCode: String(status),
			itemIndex: request.itemIndex,
		},
	);
}
