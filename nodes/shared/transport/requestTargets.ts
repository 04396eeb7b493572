// Where a request goes, checked first: the path's segments and a Base URL safe for the token.

import { DEFAULT_BASE_URL, readBaseUrl } from './baseUrl';
import type { FaxPlusContext } from './context';
import { operationError } from './nodeErrors';

// "." and ".." (any case of %2e) survive encodeURIComponent, and the URL parser climbs out of them.
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
// What a server may still split a segment on: the credential sends no token there (baseUrl.ts).
// Read after encoding: encodeURIComponent writes ";" as %3B.
const SEPARATOR = /%2f|%5c|%3b|;/i;

/** Refuses empty, "." and ".." segments and separators within one: Contact → Update with ID ".." renames the account. */
export function checkPath(
	context: FaxPlusContext,
	request: { path: string; itemIndex?: number },
): void {
	const segments = request.path.split('/');
	const bad = segments.findIndex(
		(part, index) => index > 0 && (part === '' || DOT_SEGMENT.test(part) || SEPARATOR.test(part)),
	);
	if (request.path.startsWith('/') && bad === -1) return;
	const before = bad > 0 ? `${segments.slice(0, bad).join('/')}/` : '';
	const shown = bad > 0 && segments[bad] !== '' ? `"${decodeSegment(segments[bad])}"` : 'empty';
	throw operationError(context, {
		itemIndex: request.itemIndex,
		message: `The ID after ${before || 'the base URL'} is ${shown}, so no request was sent`,
		description:
			'An ID in a request path cannot be empty, "." or "..", nor hold "/", "\\" or ";": the request would reach another resource. Check the field that gives this ID (picker, expression or an AI agent\'s input).',
	});
}

function decodeSegment(part: string): string {
	try {
		return decodeURIComponent(part);
	} catch {
		return part;
	}
}

/** The Base URL (baseUrl.ts), or an error saying why it cannot carry the token. */
export function checkedBaseUrl(
	context: FaxPlusContext,
	value: unknown,
	itemIndex?: number,
): string {
	const reading = readBaseUrl(value);
	if ('url' in reading) return reading.url;
	throw operationError(context, {
		itemIndex,
		message: `The credential's Base URL ${reading.refusal}`,
		description: `Fax.Plus's is ${DEFAULT_BASE_URL}. http:// is accepted only for a loopback host (localhost, 127.0.0.1, [::1]), e.g. a local test server or gateway. No request was sent.`,
	});
}

const MAX_PATH_LENGTH = 2048; // longer is no API path: refused before any pattern reads it

/** Why a Custom API Call's Path would leave the Base URL, or undefined when it stays below it. */
function customPathProblem(path: string): string | undefined {
	if (/^[a-z][a-z\d+\-.]*:/i.test(path)) return 'is a full address, not a path below the Base URL';
	if (/^[/\\]{2}/.test(path)) return 'starts with "//", which names another host';
	if (/[\s\p{Cc}]/u.test(path)) return 'holds a space or a control character';
	if (path.includes('\\')) return 'holds "\\", which URL readers take as "/"';
	if (/[?#]/.test(path)) return 'holds "?" or "#": the query goes in Query Parameters';
	const segments = path.replace(/^\//, '').split('/');
	if (segments.some((part) => part === '')) return 'has an empty segment ("//" or a trailing "/")';
	if (segments.some((part) => DOT_SEGMENT.test(part))) return 'climbs with "." or ".." segments';
	if (segments.some((part) => SEPARATOR.test(part)))
		return 'holds an encoded "/" or "\\", or ";", which a server may split on';
	return undefined;
}

/** A Custom API Call's Path, below the Base URL ("/" added in front), or a refusal naming the field. */
export function checkedCustomPath(
	context: FaxPlusContext,
	value: unknown,
	itemIndex?: number,
): string {
	const text = String(value ?? '').trim();
	const problem =
		text === ''
			? 'is empty'
			: text.length > MAX_PATH_LENGTH
				? `has ${text.length} characters, more than any API path (${MAX_PATH_LENGTH})`
				: customPathProblem(text);
	if (problem === undefined) return text.startsWith('/') ? text : `/${text}`;
	const shown = text.length > 80 ? `${text.slice(0, 60)}…` : text;
	throw operationError(context, {
		itemIndex,
		message: `Path${shown && problem !== 'is empty' ? ` "${shown}"` : ''} ${problem}, so no request was sent`,
		description:
			"Path is the part after the credential's Base URL, e.g. /accounts/self or /accounts/self/files; each segment a plain name or ID (encode other characters, e.g. a space as %20). A request never leaves the Base URL.",
	});
}
