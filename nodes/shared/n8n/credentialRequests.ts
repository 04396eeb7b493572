// Where n8n's request helpers send a request a credential signs, and how it could leave that
// place, beyond n8n-workflow's types (README.md).

const MAX_TARGET_LENGTH = 16_384; // longer is no request target: Node's HTTP server takes 16 KiB of headers in all

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
