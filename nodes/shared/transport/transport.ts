// The one request path to Fax.Plus: path and Base URL checked, the send within its deadline and
// cap, redirects kept below the Base URL, 429s waited out; a failure becomes a masked node error.
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import { checkedBaseUrl, checkPath } from './addresses';
import { describeFaxPlusError, operationError, parseErrorBody, requestErrorOf } from './nodeErrors';
import {
	ANSWER_CAPS,
	AnswerError,
	DEFAULT_DEADLINE_SECONDS,
	describeAnswerProblem,
	destroyBody,
	maskAnswer,
	parseJsonAnswer,
	readBody,
	readErrorBody,
	secretsOf,
	type AnswerKind,
} from './answers';
import { logDebug, logWarning, maskText, urlWithoutSecrets } from '../logging/log';
import { NO_REDIRECTS, redirectLocationOf, responseOf } from '../n8n/requestHelpers';

export type FaxPlusContext =
	IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions | IPollFunctions;

export const credentialTypeOf = (context: FaxPlusContext) =>
	context.getNode().parameters.authentication === 'oAuth2' ? 'faxPlusOAuth2Api' : 'faxPlusApi';

/**
 * What bounds a request, given by its caller: milliseconds for the whole answer, 429 waits
 * included (300 s when omitted), and the run's cancel signal, typed as n8n-workflow's interfaces
 * type them.
 */
export interface RequestBounds {
	timeout?: IHttpRequestOptions['timeout'];
	cancelSignal?: ReturnType<IExecuteFunctions['getExecutionCancelSignal']>;
}

/** A request's item and bounds, which the API's readers pass on (nodes/shared/api/). */
export type RequestScope = RequestBounds & { itemIndex?: number };

export interface FaxPlusRequest extends RequestScope {
	method: IHttpRequestMethods;
	path: string;
	/** A Blob (e.g. a streamed upload) is read again through its `stream()` on each attempt. */
	body?: IDataObject | IDataObject[] | Buffer | FormData | Blob;
	qs?: IDataObject;
	headers?: IDataObject;
	itemIndex?: number;
	/** What a download is, for its size cap (answers.ts). */
	answer?: Exclude<AnswerKind, 'json'>;
	/** How often a 429 is waited out and sent again (3 when omitted). */
	rateLimitRetries?: number;
	/** A Custom API Call's request: its errors speak of its Method and Path, not of an operation's fields. */
	customApiCall?: true;
}

async function send(context: FaxPlusContext, request: FaxPlusRequest, download = false) {
	checkPath(context, request);
	const credentialType = credentialTypeOf(context);
	const credentials = await context.getCredentials(credentialType);
	const baseUrl = checkedBaseUrl(context, credentials.baseUrl, request.itemIndex);
	const token = (credentials.oauthTokenData ?? {}) as IDataObject;
	const { accessToken, clientSecret } = credentials;
	const secrets = secretsOf([accessToken, clientSecret, token.access_token, token.refresh_token]);
	const kind: AnswerKind = download ? (request.answer ?? 'document') : 'json';
	const headers: IDataObject = {
		Accept: download ? '*/*' : 'application/json',
		...request.headers,
	};
	// Fax.Plus requires the client id on every OAuth2 call; n8n does not add it.
	if (credentialType === 'faxPlusOAuth2Api')
		headers['x-fax-clientid'] = credentials.clientId as string;
	const deadlineMs = request.timeout ?? DEFAULT_DEADLINE_SECONDS * 1000;
	const deadline = AbortSignal.timeout(Math.max(1, Math.floor(deadlineMs)));
	const cancel = request.cancelSignal;
	const signal = cancel ? AbortSignal.any([deadline, cancel]) : deadline;
	const { body } = request;
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
		headers,
		qs: request.qs,
		body,
		json: !(body instanceof Buffer || body instanceof FormData || body instanceof Blob),
		// Read here, within the cap and the deadline; n8n's helpers would buffer any size.
		encoding: 'stream',
		returnFullResponse: true,
		// n8n's idle timeout, and our signal where n8n keeps it (an operation's gets n8n's cancel).
		timeout: deadlineMs,
		abortSignal: signal,
	};
	const fail = (error: NodeApiError | NodeOperationError) => maskError(error, secrets);
	const started = Date.now();
	const { rateLimitRetries = RATE_LIMIT_RETRIES } = request;
	// On 429 only this request waits (bounded) and retries; other failures are never retried.
	for (let retries = 0; ; retries++) {
		let status: number | undefined;
		try {
			const response = await sendAuthenticated(context, options, baseUrl, { deadline, secrets });
			status = response.statusCode;
			const bytes = await readBody(
				response.body,
				ANSWER_CAPS[kind],
				signal,
				response.headers['content-length'],
			);
			if (download) return { body: bytes, headers: response.headers };
			return { body: maskAnswer(parseJsonAnswer(bytes), secrets), headers: response.headers };
		} catch (error) {
			await readErrorBody(error, signal, secrets);
			// A run the user stopped ends as n8n ends it, not as a missed deadline.
			if (cancel?.aborted) throw fail(requestErrorOf(context, error, request.itemIndex));
			if (error instanceof AnswerError || signal.aborted) {
				const problem =
					error instanceof AnswerError ? error.problem : { kind: 'deadline' as const };
				const { message, description } = describeAnswerProblem(problem, {
					method: request.method,
					path: request.path,
					seconds: Math.round(deadlineMs / 1000),
					kind,
					status: status ?? responseOf(error).status,
				});
				throw fail(
					new NodeOperationError(context.getNode(), message, {
						description,
						itemIndex: request.itemIndex,
						// A slow or outage answer passes: n8n's poll backoff waits, and tries again.
						...((problem.kind === 'deadline' || problem.kind === 'notJson') && {
							failure: { cause: 'temporarily-unavailable' },
						}),
					}),
				);
			}
			const left = deadlineMs - (Date.now() - started);
			const waitMs = retries < rateLimitRetries ? rateLimitWaitMs(error, left) : undefined;
			if (waitMs === undefined) {
				if (rateLimitRetries > 0 && responseOf(error).status === 429)
					logWarning(
						context,
						`Fax.Plus answered 429 (rate limit) to ${request.method} ${urlWithoutSecrets(options.url)} ${retries > 0 ? `after ${retries} retries` : 'asking for a longer wait than allowed'}; ` +
							`the request failed. Lower Items at Once (in the Fax.Plus node: Node Options → Add Option → ` +
							`Items at Once) or space the runs`,
						{ event: 'rate_limit_exhausted', retries },
					);
				throw fail(toFaxPlusError(context, requestErrorOf(context, error), request, secrets));
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

export async function faxPlusApiRequest<T = IDataObject>(
	context: FaxPlusContext,
	request: FaxPlusRequest,
): Promise<T> {
	return (await send(context, request)).body as T;
}

/** A delete: true when deleted, false when already gone (404); any other failure throws. */
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

export async function faxPlusApiDownload(context: FaxPlusContext, request: FaxPlusRequest) {
	const { body, headers } = await send(context, request, true);
	const contentType = headers['content-type'];
	return {
		data: body as Buffer,
		contentType: typeof contentType === 'string' ? contentType.split(';')[0] : undefined,
	};
}

function toFaxPlusError(
	context: FaxPlusContext,
	error: unknown,
	request: FaxPlusRequest,
	secrets: string[],
): NodeApiError | NodeOperationError {
	const { status, body } = responseOf(error);
	// Our own refusals and failures without an answer keep their message: it names the cause.
	if (error instanceof NodeOperationError || status === undefined)
		return requestErrorOf(context, error, request.itemIndex);
	const parsed = parseErrorBody(body, secrets);
	const { message, description } = describeFaxPlusError(
		status,
		parsed,
		request.path,
		request.customApiCall ? { method: request.method } : undefined,
	);
	return new NodeApiError(
		context.getNode(),
		{ ...parsed, httpCode: String(status) } as JsonObject,
		{ message, description, httpCode: String(status), itemIndex: request.itemIndex },
	);
}

function maskError(error: NodeApiError | NodeOperationError, secrets: string[]) {
	error.message = maskText(error.message, secrets);
	error.description &&= maskText(error.description, secrets);
	if (Array.isArray(error.messages))
		error.messages = error.messages.map((text) =>
			typeof text === 'string' ? maskText(text, secrets) : text,
		);
	if (error.errorResponse) maskAnswer(error.errorResponse, secrets);
	return error;
}

const RATE_LIMIT_RETRIES = 3;
/** A longer Retry-After is not waited for: the request fails with its 429 at once. */
const MAX_RETRY_AFTER_MS = 30_000;
const DEFAULT_RETRY_AFTER_MS = 1000;

/** The wait a 429 asks for, or undefined when the error is no 429 or asks more than `most` ms. */
function rateLimitWaitMs(error: unknown, most: number): number | undefined {
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

// Redirects are ours, each hop checked first: n8n keeps the token on some cross-origin hops.
export const MAX_REDIRECTS = 5;

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

// The answer, or a deadline error first (n8n puts its cancel signal on an operation's request in
// place of ours); a later answer is destroyed unread.
async function withinDeadline(pending: Promise<IN8nHttpFullResponse>, deadline: AbortSignal) {
	void pending.then(
		(late) => deadline.aborted && destroyBody(late.body),
		(failed: unknown) => deadline.aborted && destroyBody(responseOf(failed).body),
	);
	return await Promise.race([
		pending,
		new Promise<never>((_resolve, reject) => {
			const stop = () => reject(new AnswerError({ kind: 'deadline' }));
			if (deadline.aborted) stop();
			else deadline.addEventListener('abort', stop, { once: true });
		}),
	]);
}

/** Sends one authenticated request, following redirects that stay below the Base URL only; a refusal quotes the Location with secrets masked, before operationError cuts it (a cut secret would show its start). */
async function sendAuthenticated(
	context: FaxPlusContext,
	options: IHttpRequestOptions,
	baseUrl: string,
	{ deadline, secrets }: { deadline: AbortSignal; secrets: string[] },
): Promise<IN8nHttpFullResponse> {
	const base = new URL(baseUrl);
	const scope = `${base.origin}${base.pathname.replace(/(?<!\/)\/+$/, '')}`;
	const refuse = (message: string, why: string) =>
		operationError(context, {
			message: maskText(message, secrets, false),
			description: `Your Fax.Plus token is sent only below the credential's Base URL (${scope}/)${why}. If the Base URL is a proxy, make it answer without redirecting.`,
		});
	// n8n follows no redirect, so no hop it makes can carry the token elsewhere; and the PAT
	// credential signs only such a request (n8n/credentialRequests.ts).
	let hop: IHttpRequestOptions = { ...options, ...NO_REDIRECTS };
	for (let hops = 0; ; hops++) {
		try {
			return await withinDeadline(
				context.helpers.httpRequestWithAuthentication.call(context, credentialTypeOf(context), hop),
				deadline,
			);
		} catch (error) {
			const { status, headers, body } = responseOf(error);
			// n8n's request helpers throw NodeApiErrors; the callers read their response.
			if (status === undefined || !REDIRECT_STATUSES.has(status))
				throw error instanceof AnswerError ? error : requestErrorOf(context, error);
			// A streamed answer's body is not read here: the caller reads a failure's (bounded).
			destroyBody(body);
			const location = redirectLocationOf(headers);
			if (location === undefined)
				throw refuse(
					`The API answered ${status} (a redirect), which the node does not follow`,
					', and this n8n version does not tell the node where the redirect leads',
				);
			const next = new URL(location, hop.url);
			const target = `${next.origin}${next.pathname}`;
			// Another path of the same server may be another service.
			if (target !== scope && !target.startsWith(`${scope}/`))
				throw refuse(
					`The API answered with a redirect to ${target}, outside the Base URL ${scope}/, which the node does not follow`,
					': a redirect elsewhere would carry it there, so the request stops here',
				);
			if (hops >= MAX_REDIRECTS)
				throw operationError(context, {
					message: `The API redirected more than ${MAX_REDIRECTS} times`,
				});
			hop = { ...hop, url: next.href, qs: undefined };
			// 303, and 301/302 after a POST, continue as GET without a body (as browsers and axios do).
			if (status === 303 || ((status === 301 || status === 302) && hop.method === 'POST'))
				hop = { ...hop, method: 'GET', body: undefined };
		}
	}
}
