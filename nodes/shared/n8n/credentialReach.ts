// Which of a request's own options make n8n's request helpers carry a credential's Authorization
// header beyond the request's URL, or let a third party read it on the way. Read in n8n-core
// 1.123.81 (request-helper-functions.js), 2.0.3 (the same file) and 2.41.1 (@n8n/backend-network
// http/axios/request.js, legacy.js, utils.js, redirect.js):
// - Redirects: httpRequest(WithAuthentication) follows them unless `disableFollowRedirect: true`
//   (2.41.1 also reads `maxRedirects`, 1.123.81 and 2.0.3 do not); the legacy request helper follows
//   them for GET and HEAD (or no method) unless `followRedirect: false`, for any method with
//   `followAllRedirects`, unless `maxRedirects: 0`. Each hop keeps Authorization on the same origin,
//   and on another unless `sendCredentialsOnCrossOriginRedirect: false` (1.123.81, 2.41.1; 2.0.3
//   always keeps it).
// - `proxy`: the request goes through it, plain http readable there.
// - TLS: httpRequest's `skipSslCertificateValidation: true`, the legacy `rejectUnauthorized: false`,
//   and `agentOptions`, spread into the agent (the legacy helper on each release, httpRequest on
//   2.41.1: `rejectUnauthorized: false`, or a `ca` or `checkServerIdentity` of the caller's).
// authenticate() gets either helper's options: a `uri` without `url` or `baseURL` is the legacy
// helper's (httpRequest sends nothing without them); any other request must be safe under both.

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
