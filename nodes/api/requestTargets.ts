// Where a request goes, checked first: the path's segments and a Base URL safe for the token.

import { isLiteralLoopbackHost } from './addresses';
import type { FaxPlusContext } from './context';
import { operationError } from './nodeErrors';

export const DEFAULT_BASE_URL = 'https://restapi.fax.plus/v3';

// "." and ".." (any case of %2e) survive encodeURIComponent, and the URL parser climbs out of them.
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** Refuses empty, "." and ".." segments: Contact → Update with ID ".." renames the account. */
export function checkPath(
	context: FaxPlusContext,
	request: { path: string; itemIndex?: number },
): void {
	const segments = request.path.split('/');
	const bad = segments.findIndex(
		(part, index) => index > 0 && (part === '' || DOT_SEGMENT.test(part)),
	);
	if (request.path.startsWith('/') && bad === -1) return;
	const before = bad > 0 ? `${segments.slice(0, bad).join('/')}/` : '';
	const shown = bad > 0 && segments[bad] !== '' ? `"${decodeSegment(segments[bad])}"` : 'empty';
	throw operationError(context, {
		itemIndex: request.itemIndex,
		message: `The ID after ${before || 'the base URL'} is ${shown}, so no request was sent`,
		description:
			'An ID in a request path cannot be empty, "." or "..": the request would reach another resource. Check the field that gives this ID (picker, expression or an AI agent\'s input).',
	});
}

function decodeSegment(part: string): string {
	try {
		return decodeURIComponent(part);
	} catch {
		return part;
	}
}

/** The Base URL: https://, or http:// to a loopback literal; no userinfo, query or fragment. */
export function checkedBaseUrl(
	context: FaxPlusContext,
	value: unknown,
	itemIndex?: number,
): string {
	const text = String(value || DEFAULT_BASE_URL).trim();
	const url = URL.canParse(text) ? new URL(text) : undefined;
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
	throw operationError(context, {
		itemIndex,
		message,
		description: `Fax.Plus's is ${DEFAULT_BASE_URL}. http:// is accepted only for a loopback host (localhost, 127.0.0.1, [::1]), e.g. a local test server or gateway. No request was sent.`,
	});
}
