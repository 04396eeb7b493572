// Where a token may go, pure: the transport and the PAT credential read the Base URL alike.

import { isLiteralLoopbackHost } from './addresses';
import { requestTarget, type RequestTarget } from '../n8n/requestTarget';

export const DEFAULT_BASE_URL = 'https://restapi.fax.plus/v3';

const MAX_LENGTH = 2048; // longer is no API address: never parsed

/** https://, or http:// to a loopback literal; no user, password, query or fragment. Empty is Fax.Plus's. */
export function readBaseUrl(value: unknown): { url: string } | { refusal: string } {
	const text = String(value || DEFAULT_BASE_URL).trim();
	if (text.length > MAX_LENGTH)
		return { refusal: `is longer than ${MAX_LENGTH} characters, which no API address is` };
	const url = URL.canParse(text) ? new URL(text) : undefined;
	// Without user, password, query or fragment: a secret pasted there is never shown.
	const shown = url ? `(${url.protocol}//${url.host}${url.pathname})` : '(not a URL)';
	if (url?.protocol !== 'https:' && url?.protocol !== 'http:')
		return { refusal: `${shown} must start with https://` };
	if (url.protocol === 'http:' && !isLiteralLoopbackHost(url.hostname))
		return { refusal: `${shown} uses http://, which would send the token unencrypted` };
	// A lone "?" or "#" leaves search and hash empty, yet would turn every path into a query.
	if (url.username || url.password || text.includes('?') || text.includes('#'))
		return { refusal: `${shown} must not carry a user name, password, query or fragment` };
	return { url: text.replace(/(?<!\/)\/+$/, '') }; // linear: a run is read from its first slash only
}

/**
 * Whether a request may carry the token: it goes to the Base URL (readBaseUrl's) or below it;
 * unreadable or longer than any request target: no.
 */
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
