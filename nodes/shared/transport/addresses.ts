// Where a request may go: the path's segments, a Base URL safe for the token, and where an
// address leads (an IPv6 form embedding IPv4 judged by the IPv4; no DNS).
import type { INode } from 'n8n-workflow';
import { operationError } from './nodeErrors';

/** An IP address: IPv4 as a 32-bit number, IPv6 as its eight 16-bit groups. */
export type IpAddress = { family: 4; value: number } | { family: 6; groups: number[] };

type Range = [base: string, bits: number, name: string];

// Every IPv4 range that is not a public unicast destination (IANA special-purpose registry).
const IPV4_RANGES: Range[] = [
	['0.0.0.0', 8, 'unspecified (this host)'],
	['10.0.0.0', 8, 'private'],
	['100.64.0.0', 10, 'carrier-grade NAT'],
	['127.0.0.0', 8, 'loopback'],
	['169.254.0.0', 16, 'link-local (cloud metadata)'],
	['172.16.0.0', 12, 'private'],
	['192.0.0.0', 24, 'reserved'],
	['192.0.2.0', 24, 'documentation'],
	['192.88.99.0', 24, 'reserved'],
	['192.168.0.0', 16, 'private'],
	['198.18.0.0', 15, 'benchmarking'],
	['198.51.100.0', 24, 'documentation'],
	['203.0.113.0', 24, 'documentation'],
	['224.0.0.0', 4, 'multicast'],
	['240.0.0.0', 4, 'reserved'],
];

// IPv6 ranges that are not public unicast, first match deciding (an empty name: public).
const IPV6_RANGES: Range[] = [
	['::', 128, 'unspecified (this host)'],
	['::1', 128, 'loopback'],
	['64:ff9b:1::', 48, 'NAT64 (local use)'],
	['100::', 64, 'discard'],
	['2001::', 32, ''],
	['2001:3::', 32, ''],
	['2001:4:112::', 48, ''],
	['2001:2::', 48, 'benchmarking'],
	['2001::', 23, 'reserved'],
	['2001:db8::', 32, 'documentation'],
	['3fff::', 20, 'documentation'],
	['5f00::', 16, 'segment routing'],
	['fc00::', 7, 'unique-local'],
	['fe80::', 10, 'link-local'],
	['fec0::', 10, 'site-local'],
	['ff00::', 8, 'multicast'],
];

function ipv4Value(text: string): number | undefined {
	const parts = text.split('.');
	if (parts.length !== 4 || parts.some((part) => !/^(0|[1-9]\d{0,2})$/.test(part)))
		return undefined;
	const octets = parts.map(Number);
	if (octets.some((octet) => octet > 255)) return undefined;
	return octets.reduce((value, octet) => value * 256 + octet, 0);
}

function ipv6Groups(text: string): number[] | undefined {
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

function inTableRange(address: IpAddress, [base, bits]: Range): boolean {
	if (!base.includes(':') !== (address.family === 4)) return false;
	if (address.family === 4) {
		const size = 2 ** (32 - bits);
		return Math.floor(address.value / size) === Math.floor((ipv4Value(base) as number) / size);
	}
	const baseGroups = ipv6Groups(base) as number[];
	return address.groups.every((group, index) => {
		const bitsHere = Math.min(16, Math.max(0, bits - 16 * index));
		const mask = (0xffff << (16 - bitsHere)) & 0xffff;
		return (group & mask) === (baseGroups[index] & mask);
	});
}

function embeddedIpv4(groups: number[]): { value: number; form: string } | undefined {
	const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
	const last32 = groups[6] * 65536 + groups[7];
	if (zeros(0, 5) && groups[5] === 0xffff) return { value: last32, form: 'IPv4-mapped' };
	if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0)
		return { value: last32, form: 'IPv4-translated' };
	// :: and ::1 are IPv6's own unspecified and loopback addresses, not compatible forms.
	if (zeros(0, 6) && last32 > 1) return { value: last32, form: 'IPv4-compatible' };
	if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6))
		return { value: last32, form: 'NAT64' };
	if (groups[0] === 0x2002) return { value: groups[1] * 65536 + groups[2], form: '6to4' };
	return undefined;
}

/** The name of an address's non-public range, or undefined for a public unicast address. */
export function internalRange(address: IpAddress): string | undefined {
	if (address.family === 6) {
		const embedded = embeddedIpv4(address.groups);
		if (embedded) {
			const range = internalRange({ family: 4, value: embedded.value });
			return range ? `${range}, ${embedded.form}` : undefined;
		}
	}
	const ranges = address.family === 4 ? IPV4_RANGES : IPV6_RANGES;
	return ranges.find((range) => inTableRange(address, range))?.[2] || undefined;
}

/** Whether one of `cidrs` ("base/bits") holds the address as written (not an IPv4 it embeds). */
export function inCidrs(address: IpAddress, cidrs: readonly string[]): boolean {
	return cidrs.some((cidr) => {
		const [base, bits] = cidr.split('/');
		return inTableRange(address, [base, Number(bits), '']);
	});
}

/** Loopback without a resolver: a loopback address, or exactly `localhost` (not `*.localhost`). */
export function isLiteralLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase();
	if (host === 'localhost') return true;
	const address = parseIp(host);
	const range = address === undefined ? undefined : internalRange(address);
	// Only mapped 127/8 stays local: NAT64, 6to4 and compatible forms leave the machine.
	return range === 'loopback' || range === 'loopback, IPv4-mapped';
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
