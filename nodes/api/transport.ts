import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

export type FaxPlusContext =
	IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions | IPollFunctions;

export type Authentication = 'accessToken' | 'oAuth2';

export const DEFAULT_BASE_URL = 'https://restapi.fax.plus/v3';

export interface FaxPlusRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, e.g. `/accounts/self/plan`. */
	path: string;
	body?: IDataObject | IDataObject[] | Buffer | FormData;
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

/** The API's Error object. */
interface FaxPlusErrorBody {
	error?: string;
	description?: string;
}

export function getAuthentication(context: FaxPlusContext): Authentication {
	return context.getNode().parameters.authentication === 'oAuth2' ? 'oAuth2' : 'accessToken';
}

export function credentialTypeOf(authentication: Authentication): string {
	return authentication === 'oAuth2' ? 'faxPlusOAuth2Api' : 'faxPlusApi';
}

/** Encodes a value used as one path segment, so an id can never change the path. */
export function segment(value: string): string {
	return encodeURIComponent(value);
}

// n8n decrypts a credential on every read, and reads it again inside
// httpRequestWithAuthentication: read ours (base URL, client id) once per run.
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

async function buildOptions(context: FaxPlusContext, request: FaxPlusRequest) {
	const authentication = getAuthentication(context);
	const credentialType = credentialTypeOf(authentication);
	const credentials = await credentialsOf(context, credentialType);
	const baseUrl = String(credentials.baseUrl || DEFAULT_BASE_URL).replace(/\/+$/, '');
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
		body: request.body,
		json: !(request.body instanceof Buffer) && !isFormData(request.body),
	};
	if (request.timeout !== undefined) options.timeout = request.timeout;
	return { options, credentialType };
}

/** The base URL the node's credential points at, without a trailing slash. */
export async function faxPlusBaseUrl(context: FaxPlusContext): Promise<string> {
	const credentials = await credentialsOf(context, credentialTypeOf(getAuthentication(context)));
	return String(credentials.baseUrl || DEFAULT_BASE_URL).replace(/\/+$/, '');
}

function isFormData(body: unknown): body is FormData {
	return typeof FormData !== 'undefined' && body instanceof FormData;
}

/** Calls the Fax.Plus API and returns the parsed JSON body (undefined when empty). */
export async function faxPlusApiRequest<T = IDataObject>(
	context: FaxPlusContext,
	request: FaxPlusRequest,
): Promise<T> {
	const { options, credentialType } = await buildOptions(context, request);
	try {
		const body = await sendWithRateLimitRetry(
			context,
			credentialType,
			options,
			request.rateLimitRetries,
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
	const { options, credentialType } = await buildOptions(context, { ...request, method: 'DELETE' });
	try {
		await sendWithRateLimitRetry(context, credentialType, options, request.rateLimitRetries);
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
	const { options, credentialType } = await buildOptions(context, request);
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
		)) as { body: Buffer | ArrayBuffer; headers: Record<string, string | undefined> };
		const data = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body);
		return { data, contentType: response.headers['content-type']?.split(';')[0] };
	} catch (error) {
		throw toFaxPlusError(context, error, request);
	}
}

/** How often one request answered 429 is sent again (then its 429 is the error). */
export const RATE_LIMIT_RETRIES = 3;
/** A longer Retry-After is not waited for: the request fails with its 429 at once. */
export const MAX_RETRY_AFTER_SECONDS = 30;
/** The wait when a 429 names none. */
const DEFAULT_RETRY_AFTER_MS = 1000;

/**
 * Sends one request; on 429 waits for the Retry-After the API asks for (bounded) and sends
 * the same request again. Only this request waits: items in flight beside it go on.
 * Other failures are thrown as they are, never retried.
 */
async function sendWithRateLimitRetry(
	context: FaxPlusContext,
	credentialType: string,
	options: IHttpRequestOptions,
	maxRetries = RATE_LIMIT_RETRIES,
): Promise<unknown> {
	for (let retries = 0; ; retries++) {
		try {
			return await context.helpers.httpRequestWithAuthentication.call(
				context,
				credentialType,
				options,
			);
		} catch (error) {
			const waitMs = retries < maxRetries ? rateLimitWaitMs(error) : undefined;
			// n8n's request helpers throw NodeApiErrors; the callers read their response.
			if (waitMs === undefined) {
				throw error instanceof NodeApiError
					? error
					: new NodeApiError(context.getNode(), error as JsonObject);
			}
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
export function retryAfterMs(value: unknown, nowMs: number): number | undefined {
	const text = Array.isArray(value) ? value[0] : value;
	if (typeof text !== 'string' || text.trim() === '') return undefined;
	if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
	if (!/[a-z]/i.test(text)) return undefined;
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** The parts of an error thrown by n8n's request helpers that say what the server answered. */
interface RequestErrorLike {
	httpCode?: unknown;
	response?: {
		status?: unknown;
		statusCode?: unknown;
		headers?: Record<string, unknown>;
		data?: unknown;
		body?: unknown;
	};
	cause?: RequestErrorLike;
}

function responseOf(error: unknown): {
	status?: number;
	body?: unknown;
	headers: Record<string, unknown>;
} {
	const thrown = (error ?? {}) as RequestErrorLike;
	const response = thrown.cause?.response ?? thrown.response ?? thrown.cause?.cause?.response;
	const status = Number(response?.status ?? response?.statusCode ?? thrown.httpCode) || undefined;
	return { status, body: response?.data ?? response?.body, headers: response?.headers ?? {} };
}

function parseErrorBody(body: unknown): FaxPlusErrorBody {
	let value: unknown = body;
	if (Buffer.isBuffer(value)) value = value.toString('utf8');
	if (value instanceof ArrayBuffer) value = Buffer.from(value).toString('utf8');
	if (typeof value === 'string') {
		const text = value;
		try {
			value = JSON.parse(text);
		} catch {
			return { description: text.slice(0, 300) || undefined };
		}
	}
	if (value && typeof value === 'object') {
		const { error, description } = value as FaxPlusErrorBody;
		return {
			error: typeof error === 'string' ? error : undefined,
			description: typeof description === 'string' ? description : undefined,
		};
	}
	return {};
}

/** What the user should read for an error of the API; never contains credentials. */
export function describeFaxPlusError(
	status: number | undefined,
	body: FaxPlusErrorBody,
	path: string,
): { message: string; description?: string } {
	const detail = [body.error, body.description].filter(Boolean).join(': ');
	const suffix = detail ? ` (${detail})` : '';
	if (status === 401) {
		return {
			message: `Fax.Plus rejected the credential: 401 unauthorized${suffix}`,
			description:
				'The access token is expired, revoked or invalid. Reconnect the Fax.Plus credential, or create a new personal access token and save it in the credential.',
		};
	}
	// Rules 6 and 7 of the current webhook API; /hooks (legacy) has no such rules.
	const isWebhookCollection = /^\/webhooks\/?$/.test(path);
	const isWebhookPath = /^\/webhooks(\/|$)/.test(path);
	const isScopeError = /scope/i.test(body.error ?? '');
	if (status === 403 && isScopeError) {
		return {
			message: `The Fax.Plus token lacks the scope for this operation: 403${suffix}`,
			description:
				'Give the personal access token one of the scopes the operation needs (fax:all:read / fax:all:edit cover every operation), or use OAuth2.',
		};
	}
	if (isWebhookCollection && status === 404) {
		return {
			message: `Webhooks are not enabled for this Fax.Plus account: 404${suffix}`,
			description:
				"Turn webhooks on in Fax.Plus under the account's Integrations settings, then try again.",
		};
	}
	if (isWebhookPath && status === 403) {
		if (/plan|feature/i.test(detail)) {
			return {
				message: `The Fax.Plus plan lacks the webhooks feature: 403${suffix}`,
				description:
					'Webhooks need a Fax.Plus plan that includes them; upgrade the plan or use another account.',
			};
		}
		// Not said why: the plan, or a token without the webhook scopes.
		return {
			message: `Fax.Plus refused the webhook operation: 403${suffix}`,
			description:
				'Either the Fax.Plus plan lacks the webhooks feature (upgrade the plan or use another account), or the personal access token lacks the webhook scopes: give it fax:webhook:read and fax:webhook:edit (or fax:all:read / fax:all:edit), or use OAuth2.',
		};
	}
	const [what, advice] = fallbackAdvice(status);
	return {
		message: `Fax.Plus ${what}: ${status ?? 'no status'}${suffix}. ${advice}`,
		description: body.description ?? advice,
	};
}

/**
 * What an HTTP status of the API means and what to do next, for errors without a special case.
 * An AI agent gets only the message, so the advice is in it.
 */
function fallbackAdvice(status: number | undefined): [string, string] {
	if (status === 400 || status === 422) {
		return [
			'refused the request as invalid',
			'Check the values sent: an ID must be one Fax.Plus gave (a fax ID from Fax → Get Many, an outbox ID from Send or Outbox → Get Many, a user ID from Account → Get Many Members, or "self"), and numbers need "+" and the country code.',
		];
	}
	if (status === 403) {
		return [
			'refused access',
			'This credential may not do this: use User "self" unless the credential belongs to an admin, or use a credential with the role or token scope the operation needs.',
		];
	}
	if (status === 404) {
		return [
			'found nothing at this address',
			'Check the ID: it must exist in this account (list them with the matching Get Many operation).',
		];
	}
	if (status === 409)
		return [
			'reported a conflict',
			'The item changed or already exists; read it again, then retry.',
		];
	if (status === 413)
		return [
			'refused the request as too large',
			'Send fewer or smaller files (at most 10 files and 150 MB in all).',
		];
	if (status === 429) return ['is limiting the request rate', 'Wait a minute, then try again.'];
	if (status !== undefined && status >= 500) {
		return [
			'failed on its side',
			"Try again in a few minutes; if it keeps failing, check Fax.Plus's status page (status.fax.plus).",
		];
	}
	return ['answered with an unexpected status', 'Check the parameters, then try again.'];
}

function toFaxPlusError(
	context: FaxPlusContext,
	error: unknown,
	request: FaxPlusRequest,
): NodeApiError {
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
