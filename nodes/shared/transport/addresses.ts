// Where a request may go: the path's segments, a Base URL safe for the token (http:// only to a
// loopback literal, read without DNS); an address's range is ipRanges.ts.
import type { INode } from 'n8n-workflow';
import { operationError } from './nodeErrors';

/** An IP address: IPv4 as a 32-bit number, IPv6 as its eight 16-bit groups. */
export type IpAddress = { family: 4; value: number } | { family: 6; groups: number[] };

export function ipv4Value(text: string): number | undefined {
	const parts = text.split('.');
	if (parts.length !== 4 || parts.some((part) => !/^(0|[1-9]\d{0,2})$/.test(part)))
		return undefined;
	const octets = parts.map(Number);
	if (octets.some((octet) => octet > 255)) return undefined;
	return octets.reduce((value, octet) => value * 256 + octet, 0);
}

export function ipv6Groups(text: string): number[] | undefined {
	// The URL parser reads every IPv6 notation and writes it in hex, "::" for the zeros.
	const url = `http://[${text}]/`;
	if (!/^[0-9a-f:.]+$/i.test(text) || !URL.canParse(url)) return undefined;
	const compressed = new URL(url).hostname.slice(1, -1);
	const [head, tail] = compressed.split('::').map((half) => (half ? half.split(':') : []));
	const zeros = tail ? Array<string>(8 - head.length - tail.length).fill('0') : [];
	return [...head, ...zeros, ...(tail ?? [])].map((group) => parseInt(group, 16));
}

/** The IP address a URL host or a resolver's answer names; undefined for a host name. */
export function parseIp(host: string): IpAddress | undefined {
	const text = host.trim();
	const value = ipv4Value(text);
	if (value !== undefined) return { family: 4, value };
	const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
	if (!bare.includes(':')) return undefined;
	const groups = ipv6Groups(bare);
	return groups ? { family: 6, groups } : undefined;
}

/** Loopback without a resolver: a loopback address, or exactly `localhost` (not `*.localhost`). */
export function isLiteralLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase();
	if (host === 'localhost') return true;
	const address = parseIp(host);
	if (address?.family === 4) return Math.floor(address.value / 2 ** 24) === 127;
	if (address?.family !== 6) return false;
	const [a, b, c, d, e, f, g, h] = address.groups;
	const zeros = a === 0 && b === 0 && c === 0 && d === 0 && e === 0;
	// ::1, or 127/8 mapped (::ffff:127.x.x.x): NAT64, 6to4 and compatible forms leave the machine.
	return zeros && ((f === 0 && g === 0 && h === 1) || (f === 0xffff && g >> 8 === 127));
}

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

// "." and ".." (any case of %2e) survive encodeURIComponent, and the URL parser climbs out of them.
export const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
// What a server may still split a segment on: the credential sends no token there (tokenScope.ts).
// Read after encoding: encodeURIComponent writes ";" as %3B.
export const SEPARATOR = /%2f|%5c|%3b|;/i;

/** Refuses empty, "." and ".." segments and separators within one: Contact → Update with ID ".." renames the account. */
export function checkPath(
	context: { getNode(): INode },
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

export function checkedBaseUrl(context: { getNode(): INode }, value: unknown, itemIndex?: number) {
	const reading = readBaseUrl(value);
	if ('url' in reading) return reading.url;
	throw operationError(context, {
		itemIndex,
		message: `The credential's Base URL ${reading.refusal}`,
		description: `Fax.Plus's is ${DEFAULT_BASE_URL}. http:// is accepted only for a loopback host (localhost, 127.0.0.1, [::1]), e.g. a local test server or gateway. No request was sent.`,
	});
}
