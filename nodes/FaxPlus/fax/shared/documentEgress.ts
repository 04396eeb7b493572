// Where Send may fetch a document from: n8n's egress filter in its enforced mode (n8n 2.x: its
// default blocked ranges even while N8N_SSRF_PROTECTION_ENABLED is off, with its allow lists), or
// on n8n 1.x, which has no filter, the same ranges for IP literals and `localhost`.
import type { IExecuteFunctions, NodeEgressFilter } from 'n8n-workflow';

/**
 * Where a URL's host leads: refused by the rules, not resolvable, or allowed with the address to
 * connect to (none: n8n resolves the name itself).
 */
export type EgressDecision =
	{ allowed: false; unresolved?: true } | { allowed: true; address?: string };

export interface DocumentEgress {
	check(url: URL): Promise<EgressDecision>;
}

/** n8n's default blocked ranges (@n8n/config SSRF_DEFAULT_BLOCKED_IP_RANGES), for n8n 1.x. */
const BLOCKED_IPV4: Array<[string, number]> = [
	['10.0.0.0', 8],
	['172.16.0.0', 12],
	['192.168.0.0', 16],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['0.0.0.0', 8],
	['192.0.0.0', 24],
	['192.0.2.0', 24],
	['198.18.0.0', 15],
	['198.51.100.0', 24],
	['203.0.113.0', 24],
];

function ipv4Number(text: string): number | undefined {
	const parts = text.split('.');
	if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255))
		return undefined;
	return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

function ipv4Blocked(value: number): boolean {
	return BLOCKED_IPV4.some(([base, bits]) => {
		const size = 2 ** (32 - bits);
		return Math.floor(value / size) === Math.floor((ipv4Number(base) as number) / size);
	});
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail included), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
	let address = text;
	const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
	if (tail) {
		const value = ipv4Number(tail);
		if (value === undefined) return undefined;
		address = `${address.slice(0, -tail.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
	}
	const halves = address.split('::');
	if (halves.length > 2) return undefined;
	const parse = (half: string) => (half === '' ? [] : half.split(':'));
	const head = parse(halves[0]);
	const rest = halves.length === 2 ? parse(halves[1]) : [];
	const missing = 8 - head.length - rest.length;
	if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
	const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
	if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return undefined;
	return groups.map((group) => parseInt(group, 16));
}

function ipv6Blocked(groups: number[]): boolean {
	const [first] = groups;
	const upperZero = groups.slice(0, 5).every((group) => group === 0);
	const embedded = groups[6] * 65536 + groups[7];
	// ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible) reach the IPv4 address.
	if (upperZero && (groups[5] === 0xffff || groups[5] === 0)) {
		if (groups[5] === 0 && groups[6] === 0 && groups[7] <= 1) return true; // :: and ::1
		return ipv4Blocked(embedded);
	}
	// 64:ff9b::/96 (NAT64) reaches the IPv4 address too.
	if (first === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0))
		return ipv4Blocked(embedded);
	return (first & 0xffc0) === 0xfe80 || (first & 0xfe00) === 0xfc00;
}

/**
 * Whether a URL host (as the WHATWG URL parser leaves it: IPv4 in every notation already
 * dotted-decimal, IPv6 in brackets) is `localhost` or an address in n8n's default blocked ranges.
 */
export function isBlockedLiteral(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	if (host === 'localhost' || host.endsWith('.localhost')) return true;
	if (host.startsWith('[') && host.endsWith(']')) {
		const groups = ipv6Groups(host.slice(1, -1));
		return groups === undefined || ipv6Blocked(groups);
	}
	const value = ipv4Number(host);
	return value !== undefined && ipv4Blocked(value);
}

/** Whether an error is n8n's refusal by its egress rules (not a DNS failure or an unreachable host). */
function isEgressRefusal(error: unknown): boolean {
	const name = (error as { name?: unknown })?.name;
	return typeof name === 'string' && /^Ssrf/.test(name);
}

/** The address n8n's secure lookup resolves a host to, validated against n8n's egress rules. */
async function secureAddress(filter: NodeEgressFilter, hostname: string): Promise<string> {
	const lookup = filter.createSecureLookup();
	return await new Promise<string>((resolve, reject) => {
		lookup(hostname, { all: false }, (error, address, family) => {
			if (error) reject(error);
			else resolve(family === 6 ? `[${String(address)}]` : String(address));
		});
	});
}

/**
 * The egress rules of this n8n. On n8n 2.x every host is resolved once through the enforced
 * filter's secure lookup and the request goes to that address (the Host header keeps the name),
 * so a DNS answer that changes between the check and the connection (rebinding) is never used.
 * When n8n's own SSRF protection is on and refuses that address although the name is allowed
 * (N8N_SSRF_ALLOWED_HOSTNAMES), the name is kept: n8n's connection then checks it with the same lists.
 */
export function documentEgress(context: IExecuteFunctions): DocumentEgress {
	const helpers = context.helpers as Partial<
		Pick<IExecuteFunctions['helpers'], 'getSecureEgressFilter'>
	>;
	if (typeof helpers.getSecureEgressFilter !== 'function') {
		return { check: async (url) => ({ allowed: !isBlockedLiteral(url.hostname) }) };
	}
	const enforced = helpers.getSecureEgressFilter('enforced');
	const instance = helpers.getSecureEgressFilter('safe');
	return {
		async check(url) {
			let address: string;
			try {
				address = await secureAddress(enforced, url.hostname);
			} catch (error) {
				// A name that does not resolve now is not left to a second lookup that might.
				return isEgressRefusal(error) ? { allowed: false } : { allowed: false, unresolved: true };
			}
			const literal = address.replace(/^\[|\]$/g, '') === url.hostname.replace(/^\[|\]$/g, '');
			if (literal || !instance.validateConnectionHost(address.replace(/^\[|\]$/g, '')).ok)
				return { allowed: true };
			return { allowed: true, address };
		},
	};
}
