// Which of a request's options make n8n's request helpers (httpRequest and the legacy request)
// carry a credential's Authorization header beyond the request's URL or in the open: redirects,
// a proxy, weakened TLS. authenticate() gets either helper's options (README.md).

/** What the package sets on every request it signs: no redirect under either helper's reading. */
export const NO_REDIRECTS = { disableFollowRedirect: true, maxRedirects: 0 } as const;

/** The options read, as either helper takes them. */
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
