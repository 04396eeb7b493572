import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { checkedBaseUrl, checkPath } from './requestTargets';
import { credentialTypeOf, type FaxPlusContext } from './context';
import { describeFaxPlusError, parseErrorBody } from './errorCatalogue';
import { sendAuthenticated } from './redirects';
import { responseOf } from '../n8n/requestErrors';
import { maskError, requestErrorOf } from './nodeErrors';
import { rateLimitWaitMs, RATE_LIMIT_RETRIES } from './rateLimit';
import {
	ANSWER_CAPS,
	AnswerError,
	deadlineOf,
	describeAnswerProblem,
	maskAnswer,
	parseJsonAnswer,
	readBody,
	readErrorBody,
	secretsOf,
	type AnswerKind,
} from './answers';
import { logDebug, logWarning, urlForLog } from '../logging/log';

export type { FaxPlusContext };

export interface FaxPlusRequest {
	method: IHttpRequestMethods;
	path: string;
	/** A Blob (e.g. a streamed upload) is read again through its `stream()` on each attempt. */
	body?: IDataObject | IDataObject[] | Buffer | FormData | Blob;
	qs?: IDataObject;
	headers?: IDataObject;
	itemIndex?: number;
	/** Milliseconds for the whole answer, 429 waits included (Options → Timeout, or 300 s, when omitted). */
	timeout?: number;
	/** What a download is, for its size cap (answers.ts). */
	answer?: Exclude<AnswerKind, 'json'>;
	/** How often a 429 is waited out and sent again (3 when omitted). */
	rateLimitRetries?: number;
	/** A Custom API Call's request: its errors speak of its Method and Path, not of an operation's fields. */
	customApiCall?: true;
}

/** One checked request within its deadline and cap; a failure becomes a masked node error. */
async function send(
	context: FaxPlusContext,
	request: FaxPlusRequest,
	download = false,
): Promise<{ body: unknown; headers: Record<string, unknown> }> {
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
	const deadlineMs = request.timeout ?? deadlineOf(context, request.itemIndex);
	const deadline = AbortSignal.timeout(Math.max(1, Math.floor(deadlineMs)));
	const cancel =
		'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
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
						`Fax.Plus answered 429 (rate limit) to ${request.method} ${urlForLog(options.url)} ${retries > 0 ? `after ${retries} retries` : 'asking for a longer wait than allowed'}; the request failed. Lower Items at Once (in the Fax.Plus node: Node Options → Add Option → Items at Once) or space the runs`,
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

export async function faxPlusBaseUrl(context: FaxPlusContext): Promise<string> {
	const credentials = await context.getCredentials(credentialTypeOf(context));
	return checkedBaseUrl(context, credentials.baseUrl);
}

export async function faxPlusApiRequest<T = IDataObject>(
	context: FaxPlusContext,
	request: FaxPlusRequest,
): Promise<T> {
	return (await send(context, request)).body as T;
}

/** A delete: true when deleted, false on 404. */
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

export async function faxPlusApiDownload(
	context: FaxPlusContext,
	request: FaxPlusRequest,
): Promise<{ data: Buffer; contentType: string | undefined }> {
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
