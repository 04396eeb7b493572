// Authenticated requests follow their redirects here, not in n8n's helpers. n8n (1.x and 2.x)
// puts the token back on a redirect to another origin unless the request says
// `sendCredentialsOnCrossOriginRedirect: false`, and even then its HTTP client keeps
// `Authorization` on a hop to a subdomain or from http to https. Here each hop is a new
// authenticated request only while it stays below the credential's Base URL (its origin and
// its path); a redirect anywhere else is refused before it is followed.
import type { IHttpRequestMethods, IHttpRequestOptions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { responseOf } from './responses';
import type { FaxPlusContext } from './context';

/** Hops followed for one request, each checked before it is requested (browsers and axios allow more). */
export const MAX_REDIRECTS = 5;

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Where a redirect may lead: the Base URL's origin, and its path or below. */
function scopeOf(baseUrl: string): { origin: string; path: string; contains(url: URL): boolean } {
	const base = new URL(baseUrl);
	const path = base.pathname.replace(/\/+$/, '');
	return {
		origin: base.origin,
		path: `${path}/`,
		contains: (url) =>
			url.origin === base.origin && (url.pathname === path || url.pathname.startsWith(`${path}/`)),
	};
}

/** Sends one authenticated request, following redirects that stay below the Base URL only. */
export async function sendAuthenticated(
	context: FaxPlusContext,
	credentialType: string,
	options: IHttpRequestOptions,
	baseUrl: string = new URL(options.url).origin,
): Promise<unknown> {
	const scope = scopeOf(baseUrl);
	const origin = scope.origin;
	let hop: IHttpRequestOptions = {
		...options,
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};
	for (let hops = 0; ; hops++) {
		try {
			return await context.helpers.httpRequestWithAuthentication.call(context, credentialType, hop);
		} catch (error) {
			const { status, headers } = responseOf(error);
			const location = headers.location;
			if (status === undefined || !REDIRECT_STATUSES.has(status))
				throw error instanceof NodeApiError
					? error
					: new NodeApiError(context.getNode(), error as JsonObject);
			if (typeof location !== 'string') {
				// n8n 1.x keeps only the status of a failed request, not where a redirect leads.
				throw new NodeOperationError(
					context.getNode(),
					`The API answered ${status} (a redirect), which the node does not follow`,
					{
						description: `Your Fax.Plus token is sent only to the credential's Base URL (${origin}), and this n8n version does not tell the node where the redirect leads. If the Base URL is a proxy, make it answer without redirecting.`,
					},
				);
			}
			const next = new URL(location, hop.url);
			if (next.origin !== origin) {
				throw new NodeOperationError(
					context.getNode(),
					`The API answered with a redirect to ${next.origin}, which the node does not follow`,
					{
						description: `Your Fax.Plus token is sent only to the credential's Base URL (${origin}). A redirect to another origin would carry it there, so the request stops here. If the Base URL is a proxy, make it answer without redirecting.`,
					},
				);
			}
			if (!scope.contains(next)) {
				throw new NodeOperationError(
					context.getNode(),
					`The API answered with a redirect to ${next.origin}${next.pathname}, outside the Base URL's path ${scope.path}, which the node does not follow`,
					{
						description: `Your Fax.Plus token is sent only below the credential's Base URL (${origin}${scope.path}): another path of the same server may be another service. If the Base URL is a proxy, make it answer without redirecting.`,
					},
				);
			}
			if (hops >= MAX_REDIRECTS) {
				throw new NodeOperationError(
					context.getNode(),
					`The API redirected more than ${MAX_REDIRECTS} times`,
				);
			}
			hop = { ...hop, url: next.href, qs: undefined, ...methodAfter(status, hop.method) };
		}
	}
}

/** 303, and 301/302 after a POST, continue as GET without a body (as browsers and axios do). */
function methodAfter(
	status: number,
	method: IHttpRequestMethods | undefined,
): Partial<IHttpRequestOptions> {
	if (status === 303 || ((status === 301 || status === 302) && method === 'POST'))
		return { method: 'GET', body: undefined };
	return {};
}
