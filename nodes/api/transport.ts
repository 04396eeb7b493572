import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isLiteralLoopbackHost } from './addresses';
import type { FaxPlusContext } from './context';
import { describeFaxPlusError, parseErrorBody } from './errorCatalogue';
import { sendWithRateLimitRetry } from './rateLimit';
import { responseOf } from './responses';

export type { FaxPlusContext };

export type Authentication = 'accessToken' | 'oAuth2';

export const DEFAULT_BASE_URL = 'https://restapi.fax.plus/v3';

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
	/** How often a 429 is waited out and sent again (RATE_LIMIT_RETRIES when omitted). */
	rateLimitRetries?: number;
}

export interface FaxPlusBinaryResponse {
	data: Buffer;
	contentType: string | undefined;
}

export function getAuthentication(context: FaxPlusContext): Authentication {
	return context.getNode().parameters.authentication === 'oAuth2' ? 'oAuth2' : 'accessToken';
}

export function credentialTypeOf(authentication: Authentication): string {
	return authentication === 'oAuth2' ? 'faxPlusOAuth2Api' : 'faxPlusApi';
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

// n8n decrypts a credential on every read, and reads it again inside
// httpRequestWithAuthentication: read ours (base URL, client id) once per run.
// Correct in any process: keyed by the run's own context object, it ends with the run.
const credentialsByContext = new WeakMap<
	object,
	Map<string, Promise<ICredentialDataDecryptedObject>>
>();

function credentialsOf(
	context: FaxPlusContext,
	credentialType: string,
): Promise<ICredentialDataDecryptedObject> {
	let byType = credentialsByContext.get(context);
	if (!byType) {
		byType = new Map();
		credentialsByContext.set(context, byType);
	}
	let pending = byType.get(credentialType);
	if (!pending) {
		pending = context.getCredentials(credentialType);
		byType.set(credentialType, pending);
		// A failed read is not kept, so the next item reads again.
		pending.catch(() => byType.delete(credentialType));
	}
	return pending;
}

/**
 * The credential's Base URL, safe by construction: https://, or http:// to a literal loopback host (a
 * local test server or gateway), where the token never crosses a network in clear; no user name,
 * password, query or fragment (they would travel with, or break, every request). Refused before
 * any request otherwise, naming the URL without them.
 */
export function checkedBaseUrl(
	context: FaxPlusContext,
	value: unknown,
	itemIndex?: number,
): string {
	const text = String(value || DEFAULT_BASE_URL).trim();
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
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

async function buildOptions(context: FaxPlusContext, request: FaxPlusRequest) {
	checkPath(context, request);
	const authentication = getAuthentication(context);
	const credentialType = credentialTypeOf(authentication);
	const credentials = await credentialsOf(context, credentialType);
	const baseUrl = checkedBaseUrl(context, credentials.baseUrl, request.itemIndex);
	const headers: IDataObject = { Accept: 'application/json', ...request.headers };
	if (authentication === 'oAuth2') {
		// Fax.Plus requires the client id on every OAuth2 call; n8n does not add it.
		headers['x-fax-clientid'] = credentials.clientId as string;
	}
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
		headers,
		qs: request.qs,
		body: request.body as IHttpRequestOptions['body'],
		json: !(request.body instanceof Buffer) && !isFormData(request.body) && !isBlob(request.body),
	};
	if (request.timeout !== undefined) options.timeout = request.timeout;
	return { options, credentialType, baseUrl };
}

/** The base URL the node's credential points at, without a trailing slash. */
export async function faxPlusBaseUrl(context: FaxPlusContext): Promise<string> {
	const credentials = await credentialsOf(context, credentialTypeOf(getAuthentication(context)));
	return String(credentials.baseUrl || DEFAULT_BASE_URL).replace(/\/+$/, '');
}

function isBlob(body: unknown): body is Blob {
	return typeof Blob !== 'undefined' && body instanceof Blob;
}

function isFormData(body: unknown): body is FormData {
	return typeof FormData !== 'undefined' && body instanceof FormData;
}

/** Calls the Fax.Plus API and returns the parsed JSON body (undefined when empty). */
export async function faxPlusApiRequest<T = IDataObject>(
	context: FaxPlusContext,
	request: FaxPlusRequest,
): Promise<T> {
	const { options, credentialType, baseUrl } = await buildOptions(context, request);
	try {
		const body = await sendWithRateLimitRetry(
			context,
			credentialType,
			options,
			request.rateLimitRetries,
			baseUrl,
		);
		return (body === '' ? undefined : body) as T;
	} catch (error) {
		throw toFaxPlusError(context, error, request);
	}
}

/**
 * Deletes something that may already be gone: answers true when it was deleted,
 * false on 404, and throws any other failure as a clear NodeApiError.
 */
export async function faxPlusApiDeleteIfExists(
	context: FaxPlusContext,
	request: FaxPlusRequest,
): Promise<boolean> {
	const { options, credentialType, baseUrl } = await buildOptions(context, {
		...request,
		method: 'DELETE',
	});
	try {
		await sendWithRateLimitRetry(
			context,
			credentialType,
			options,
			request.rateLimitRetries,
			baseUrl,
		);
		return true;
	} catch (error) {
		if (responseOf(error).status === 404) return false;
		throw toFaxPlusError(context, error, request);
	}
}

/** Downloads binary content such as a JPEG thumbnail or a PDF. */
export async function faxPlusApiDownload(
	context: FaxPlusContext,
	request: FaxPlusRequest,
): Promise<FaxPlusBinaryResponse> {
	const { options, credentialType, baseUrl } = await buildOptions(context, request);
	options.encoding = 'arraybuffer';
	options.json = false;
	options.returnFullResponse = true;
	options.headers = { ...options.headers, Accept: '*/*' };
	try {
		const response = (await sendWithRateLimitRetry(
			context,
			credentialType,
			options,
			request.rateLimitRetries,
			baseUrl,
		)) as { body: Buffer | ArrayBuffer; headers: Record<string, string | undefined> };
		const data = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body);
		return { data, contentType: response.headers['content-type']?.split(';')[0] };
	} catch (error) {
		throw toFaxPlusError(context, error, request);
	}
}

function toFaxPlusError(
	context: FaxPlusContext,
	error: unknown,
	request: FaxPlusRequest,
): NodeApiError | NodeOperationError {
	// The node's own refusals (a redirect to another origin) say what happened already.
	if (error instanceof NodeOperationError) {
		error.context.itemIndex ??= request.itemIndex;
		return error;
	}
	const { status, body } = responseOf(error);
	if (status === undefined) {
		// No answer at all (refused, DNS, timeout): keep n8n's own error, it names the cause.
		if (error instanceof NodeApiError) return error;
		return new NodeApiError(context.getNode(), error as JsonObject, {
			itemIndex: request.itemIndex,
		});
	}
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
