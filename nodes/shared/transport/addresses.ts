// Where an address leads (an IPv6 form embedding IPv4 judged by the IPv4), pure: no DNS.
import { N8N_DEFAULT_BLOCKED_RANGES } from '../n8n/ssrfDefaults';

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

/** A dotted-decimal IPv4 address (as the URL parser and resolvers write it) as a number. */
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

/** The IPv4 address an IPv6 form embeds, with the form's name. */
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

const N8N_DEFAULT_RANGES: Range[] = N8N_DEFAULT_BLOCKED_RANGES.map((cidr) => {
	const [base, bits] = cidr.split('/');
	return [base, Number(bits), ''];
});

/** Whether n8n's default blocked ranges hold the address as written (not an IPv4 it embeds). */
export function inN8nDefaultRanges(address: IpAddress): boolean {
	return N8N_DEFAULT_RANGES.some((range) => inTableRange(address, range));
}

/** Loopback without a resolver: a loopback address, or exactly `localhost` (not `*.localhost`). */
export function isLiteralLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase();
	if (host === 'localhost') return true;
	const address = parseIp(host);
	if (address === undefined) return false;
	// Only mapped 127/8 stays local: NAT64, 6to4 and compatible forms leave the machine.
	const embedded = address.family === 6 ? embeddedIpv4(address.groups) : undefined;
	const mapped = embedded?.form === 'IPv4-mapped' && { family: 4 as const, value: embedded.value };
	return internalRange(mapped || address) === 'loopback';
}
