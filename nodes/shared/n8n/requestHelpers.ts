// What n8n's request helpers and egress filter do beyond n8n-workflow's types (README.md).
import type { IExecuteFunctions, NodeEgressFilter } from 'n8n-workflow';

const MAX_TARGET_LENGTH = 16_384; // longer is no request target: Node's HTTP server takes 16 KiB of headers in all

/** What the package sets on every request it signs: no redirect under either helper's reading. */
export const NO_REDIRECTS = { disableFollowRedirect: true, maxRedirects: 0 } as const;

/** The options read, as either helper takes them (IHttpRequestOptions, IRequestOptions). */
export interface RequestReach {
	url?: unknown;
	uri?: unknown;
	baseURL?: unknown;
	method?: unknown;
	disableFollowRedirect?: unknown;
	maxRedirects?: unknown;
	followRedirect?: unknown;
	followAllRedirects?: unknown;
	proxy?: unknown;
	skipSslCertificateValidation?: unknown;
	rejectUnauthorized?: unknown;
	agentOptions?: unknown;
}

export type RequestTarget = Pick<RequestReach, 'url' | 'uri' | 'baseURL'>;

const textOf = (value: unknown) =>
	typeof value === 'string' ? value : value instanceof URL ? value.href : undefined;

/** Where n8n's helpers send a request; undefined where the releases' axios would disagree or it is too long. */
export function requestTarget({ url, uri, baseURL }: RequestTarget): string | undefined {
	const given = url !== undefined ? url : uri;
	const path = given === undefined ? '' : textOf(given);
	const base = baseURL === undefined ? '' : textOf(baseURL);
	if (path === undefined || base === undefined) return undefined;
	if (path.length > MAX_TARGET_LENGTH || base.length > MAX_TARGET_LENGTH) return undefined;
	if (!base || /^([a-z][a-z\d+\-.]*:)?\/\//i.test(path)) return path;
	// axios releases drop baseURL's trailing slashes differently: a base ending in "//" is refused.
	if (!path || base.endsWith('//')) return path ? undefined : base;
	return `${base.endsWith('/') ? base.slice(0, -1) : base}/${path.replace(/^\/+/, '')}`;
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== false;

function followsRedirects(options: RequestReach): boolean {
	const method = typeof options.method === 'string' ? options.method.toUpperCase() : '';
	const legacyOnly =
		options.url === undefined && options.uri !== undefined && options.baseURL === undefined;
	const httpFollows = !legacyOnly && options.disableFollowRedirect !== true;
	const legacyFollows =
		isSet(options.followAllRedirects) ||
		(options.followRedirect !== false && (method === '' || method === 'GET' || method === 'HEAD'));
	return httpFollows || (legacyFollows && options.maxRedirects !== 0);
}

function weakensTls(options: RequestReach): boolean {
	if (isSet(options.skipSslCertificateValidation)) return true;
	if (options.rejectUnauthorized !== undefined && options.rejectUnauthorized !== true) return true;
	const agent = options.agentOptions;
	if (agent === undefined || agent === null) return false;
	if (typeof agent !== 'object') return true;
	const { rejectUnauthorized, ca, checkServerIdentity } = agent as Record<string, unknown>;
	return (
		(rejectUnauthorized !== undefined && rejectUnauthorized !== true) ||
		ca !== undefined ||
		checkServerIdentity !== undefined
	);
}

/** Why a request could carry a credential's header elsewhere or in the open, in words that follow "this request"; undefined: it cannot. */
export function credentialSideDoor(options: RequestReach): string | undefined {
	if (followsRedirects(options)) return 'follows redirects';
	if (options.proxy !== undefined) return 'goes through a proxy';
	if (weakensTls(options)) return 'turns TLS certificate checks off';
	return undefined;
}

/** The parts of an error thrown by n8n's request helpers that say what the server answered. */
export interface RequestErrorLike {
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

/** The status, body and headers of a failed request, wherever n8n's helpers put them. */
export function responseOf(error: unknown) {
	const thrown = (error ?? {}) as RequestErrorLike;
	const response = thrown.cause?.response ?? thrown.response ?? thrown.cause?.cause?.response;
	const status = Number(response?.status ?? response?.statusCode ?? thrown.httpCode) || undefined;
	return { status, body: response?.data ?? response?.body, headers: response?.headers ?? {} };
}

/** Where a redirect answered as an error leads; undefined on n8n 1.x, which keeps only its status. */
export function redirectLocationOf(headers: Record<string, unknown>): string | undefined {
	return typeof headers.location === 'string' ? headers.location : undefined;
}

/** In n8n's default blocked ranges on every release: a filter that passes it enforces nothing. */
const CANARY = 'http://169.254.169.254/';

export interface N8nEgress {
	/** n8n's filter under the 'enforced' policy where the release has policies. */
	filter: NodeEgressFilter;
	/** Whether the filter applies n8n's blocked ranges and allow lists. */
	enforcing: boolean;
	/** Whether n8n's own httpRequest would connect to this address, written as a URL host. */
	connectable(host: string): Promise<boolean>;
}

const usable = (filter?: NodeEgressFilter) =>
	typeof filter?.createSecureLookup === 'function' && typeof filter.validateUrl === 'function'
		? filter
		: undefined;

/** The egress filter this n8n gives the node, or undefined where it gives none. */
export async function n8nEgress(context: IExecuteFunctions): Promise<N8nEgress | undefined> {
	const { getSecureEgressFilter } = context.helpers as Partial<IExecuteFunctions['helpers']>;
	if (typeof getSecureEgressFilter !== 'function') return undefined;
	const enforced = usable(getSecureEgressFilter('enforced'));
	if (!enforced) return undefined;
	const safe = usable(getSecureEgressFilter('safe'));
	return {
		filter: enforced,
		enforcing: !(await enforced.validateUrl(CANARY)).ok,
		connectable: async (host) => !safe || (await safe.validateUrl(`http://${host}/`)).ok,
	};
}

/** The ranges n8n's egress filter blocks unless the instance sets others (@n8n/config's SSRF_DEFAULT_BLOCKED_IP_RANGES). */
export const N8N_DEFAULT_BLOCKED_RANGES: readonly string[] = [
	'10.0.0.0/8',
	'172.16.0.0/12',
	'192.168.0.0/16',
	'127.0.0.0/8',
	'::1/128',
	'169.254.0.0/16',
	'fe80::/10',
	'fc00::/7',
	'fd00::/8',
	'0.0.0.0/8',
	'192.0.0.0/24',
	'192.0.2.0/24',
	'198.18.0.0/15',
	'198.51.100.0/24',
	'203.0.113.0/24',
];
