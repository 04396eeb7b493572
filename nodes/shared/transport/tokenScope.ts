// Where the PAT credential's token may go: the Base URL (addresses.ts's readBaseUrl) or below it.
import { requestTarget, type RequestTarget } from '../n8n/credentialRequests';

/** Unreadable, or longer than any request target: no token. */
export function isBelowBaseUrl(baseUrl: string, request: RequestTarget): boolean {
	const target = requestTarget(request);
	if (target === undefined || !URL.canParse(target)) return false;
	const base = new URL(baseUrl);
	const basePath = base.pathname.replace(/(?<!\/)\/+$/, '');
	// Text and parser: the text pins scheme, host and port for any reader, axios's URL parser resolves dots and "\" in the path; encoded "/" and "\", and ";" (literal or %3B), which a server may split on, get no token.
	const at = [baseUrl, `${base.origin}${basePath}`];
	if (!at.some((prefix) => target === prefix || target.startsWith(`${prefix}/`))) return false;
	const path = new URL(target).pathname;
	const below = path === basePath || path.startsWith(`${basePath}/`);
	return below && !/%2f|%5c|%3b|;/i.test(path.slice(basePath.length));
}
