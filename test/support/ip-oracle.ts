// An oracle nobody here wrote for where an address leads (ipaddr.js's range names), and
// fast-check generators of addresses and of the notations the WHATWG URL parser accepts for them.
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import type { IpAddress } from '../../nodes/shared/transport/addresses';

// ---------------------------------------------------------------- the oracle (ipaddr.js)

/** ipaddr.js's IPv4 range names that are public destinations; every other name is internal. */
const PUBLIC_IPV4 = new Set(['unicast', 'as112', 'amt']);
/** ipaddr.js's IPv6 range names that are public destinations (embedding forms judged below). */
const PUBLIC_IPV6 = new Set(['teredo', 'amt', 'as112v6']);

function v4(high: number, low: number): ipaddr.IPv4 {
	return ipaddr.fromByteArray([high >> 8, high & 255, low >> 8, low & 255]) as ipaddr.IPv4;
}

/**
 * The IPv4 address an IPv6 address leads to, by ipaddr.js's range names: mapped and translated
 * (::ffff:0:0/96, ::ffff:0:0:0/96), NAT64's 64:ff9b::/96, 6to4; ipaddr.js names no range for
 * IPv4-compatible ::a.b.c.d, where the IPv4 address decides too.
 */
export function oracleEmbedded(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
	const p = address.parts;
	switch (address.range()) {
		case 'ipv4Mapped':
		case 'rfc6145':
			return v4(p[6], p[7]);
		case 'rfc6052':
			return address.match(ipaddr.parseCIDR('64:ff9b::/96')) ? v4(p[6], p[7]) : undefined;
		case '6to4':
			return v4(p[1], p[2]);
		case 'unicast':
			return p.slice(0, 6).every((part) => part === 0) ? v4(p[6], p[7]) : undefined;
		default:
			return undefined;
	}
}

/** Whether the oracle calls an address internal: its ipaddr.js range, or the IPv4 it embeds. */
export function oracleInternal(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
	const range = address.range();
	if (address.kind() === 'ipv4') return !PUBLIC_IPV4.has(range);
	const embedded = oracleEmbedded(address as ipaddr.IPv6);
	if (embedded) return oracleInternal(embedded);
	// 64:ff9b:1::/48 (NAT64 for local use) has no fixed place for the IPv4 address: internal.
	if (range === 'rfc6052') return true;
	return range !== 'unicast' && !PUBLIC_IPV6.has(range);
}

// ---------------------------------------------------------------- generators

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Every range ipaddr.js names, for the generators to aim at (their edges and insides). */
function namedRanges(ranges: Record<string, Cidr | Cidr[]>): Cidr[] {
	return Object.values(ranges).flatMap((value) =>
		Array.isArray(value[0]) ? (value as Cidr[]) : [value as Cidr],
	);
}
const IPV4_RANGES = namedRanges(
	(ipaddr.IPv4.prototype as unknown as { SpecialRanges: Record<string, Cidr[]> }).SpecialRanges,
);
const IPV6_RANGES = namedRanges(
	(ipaddr.IPv6.prototype as unknown as { SpecialRanges: Record<string, Cidr | Cidr[]> })
		.SpecialRanges,
);

const ipv4Number = (octets: number[]) => octets.reduce((value, octet) => value * 256 + octet, 0);

/** An IPv4 address as a 32-bit number: anywhere, or at or around the edges of a named range. */
export const ipv4Value: fc.Arbitrary<number> = fc.oneof(
	fc.integer({ min: 0, max: 0xffffffff }),
	fc
		.tuple(
			fc.constantFrom(...IPV4_RANGES),
			fc.constantFrom('first', 'last', 'inside', 'before', 'after'),
			fc.integer({ min: 0, max: 0xffffffff }),
		)
		.map(([[base, bits], where, random]) => {
			const size = 2 ** (32 - bits);
			const first = ipv4Number(base.toByteArray());
			const value = {
				first,
				last: first + size - 1,
				inside: first + (random % size),
				before: first - 1,
				after: first + size,
			}[where];
			return (value + 2 ** 32) % 2 ** 32;
		}),
);

/** One number as the WHATWG IPv4 parser reads a part: decimal, octal (leading 0) or hex (0x). */
const numberPart = (value: number): fc.Arbitrary<string> =>
	fc.oneof(
		fc.constant(String(value)),
		fc.constant(`0${value.toString(8)}`),
		fc.constantFrom('0x', '0X').chain((prefix) =>
			fc.boolean().map((upper) => {
				const hex = value.toString(16);
				return `${prefix}${upper ? hex.toUpperCase() : hex}`;
			}),
		),
	);

/** An IPv4 address in a notation the URL parser accepts: 1 to 4 parts, each in any base, maybe a trailing dot. */
export function ipv4Notation(value: number, trailingDot = true): fc.Arbitrary<string> {
	const octets = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
	return fc.integer({ min: 1, max: 4 }).chain((count) => {
		// The first count-1 parts are single bytes; the last holds the rest.
		const head = octets.slice(0, count - 1);
		const rest = octets.slice(count - 1).reduce((sum, octet) => sum * 256 + octet, 0);
		return fc
			.tuple(...[...head, rest].map(numberPart), trailingDot ? fc.boolean() : fc.constant(false))
			.map((parts) => {
				const dot = parts.pop() as boolean;
				return `${(parts as string[]).join('.')}${dot ? '.' : ''}`;
			});
	});
}

const group = fc.integer({ min: 0, max: 0xffff });

/** The eight groups of an IPv6 address: anywhere, in a named range, or embedding an IPv4 address. */
export const ipv6Groups: fc.Arbitrary<number[]> = fc.oneof(
	fc.array(group, { minLength: 8, maxLength: 8 }),
	fc
		.tuple(fc.constantFrom(...IPV6_RANGES), fc.array(group, { minLength: 8, maxLength: 8 }))
		.map(([[base, bits], random]) =>
			(base as ipaddr.IPv6).parts.map((part, index) => {
				const fixed = Math.min(16, Math.max(0, bits - 16 * index));
				const mask = (0xffff << (16 - fixed)) & 0xffff;
				return (part & mask) | (random[index] & ~mask & 0xffff);
			}),
		),
	fc
		.tuple(
			fc.constantFrom<(h: number, l: number) => number[]>(
				(h, l) => [0, 0, 0, 0, 0, 0xffff, h, l], // IPv4-mapped
				(h, l) => [0, 0, 0, 0, 0xffff, 0, h, l], // IPv4-translated
				(h, l) => [0, 0, 0, 0, 0, 0, h, l], // IPv4-compatible
				(h, l) => [0x64, 0xff9b, 0, 0, 0, 0, h, l], // NAT64
				(h, l) => [0x2002, h, l, 0, 0, 0, 0, 1], // 6to4
			),
			ipv4Value,
		)
		.map(([form, value]) => form(value >>> 16, value & 0xffff)),
);

/** IPv6 groups in a notation the URL parser accepts: expanded or compressed, padded, any case, a dotted tail. */
export function ipv6Notation(groups: number[]): fc.Arbitrary<string> {
	return fc
		.record({
			pad: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 8, maxLength: 8 }),
			upper: fc.boolean(),
			dottedTail: fc.boolean(),
			compress: fc.option(
				fc
					.integer({ min: 0, max: 7 })
					.chain((start) =>
						fc.integer({ min: 1, max: 8 - start }).map((length) => ({ start, length })),
					),
			),
		})
		.map(({ pad, upper, dottedTail, compress }) => {
			let texts = groups.map((value, index) => value.toString(16).padStart(1 + pad[index], '0'));
			if (upper) texts = texts.map((text) => text.toUpperCase());
			const tail = dottedTail
				? `${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}`
				: undefined;
			const slots = tail ? [...texts.slice(0, 6), tail] : texts;
			const zero = (index: number) => groups[index] === 0 && (!tail || index < 6);
			const run =
				compress && tail
					? { ...compress, length: Math.min(compress.length, 6 - compress.start) }
					: compress;
			if (
				run &&
				run.length > 0 &&
				[...Array(run.length).keys()].every((i) => zero(run.start + i))
			) {
				const head = slots.slice(0, run.start).join(':');
				const rest = slots.slice(run.start + run.length).join(':');
				return `${head}::${rest}`;
			}
			return slots.join(':');
		});
}

export const toIpaddr = (address: IpAddress) =>
	address.family === 4
		? ipaddr.fromByteArray([
				address.value >>> 24,
				(address.value >>> 16) & 255,
				(address.value >>> 8) & 255,
				address.value & 255,
			])
		: new ipaddr.IPv6(address.groups);
