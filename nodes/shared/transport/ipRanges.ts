// Where an address leads: the range of every address that is not a public unicast destination
// (an IPv6 form embedding IPv4 judged by the IPv4; no DNS).
import { ipv4Value, ipv6Groups, type IpAddress } from './addresses';

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
