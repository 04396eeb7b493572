/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The package's address ranges against an oracle nobody here wrote: ipaddr.js's range names.
// fast-check generates addresses (biased to the edges of every range ipaddr.js names), writes
// each in a notation the WHATWG URL parser accepts (IPv4 in decimal, octal, hex and short forms,
// a trailing dot; IPv6 expanded, compressed, padded, upper case, with a dotted IPv4 tail), and
// the package judges what the URL parser leaves of it, as the node does; the oracle judges the
// address the generator chose. Node's resolver reads the same IPv4 notations the same way.
import { promises as dns } from 'node:dns';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { SSRF_DEFAULT_BLOCKED_IP_RANGES } from '@n8n/config';
import {
	isLiteralLoopbackHost,
	parseIp,
	type IpAddress,
} from '../../../../nodes/shared/transport/addresses';
import { inCidrs, internalRange } from '../../../../nodes/shared/transport/ipRanges';
import { N8N_DEFAULT_BLOCKED_RANGES } from '../../../../nodes/shared/n8n/egressFilter';
import {
	ipv4Notation,
	ipv4Value,
	ipv6Groups,
	ipv6Notation,
	oracleInternal,
	toIpaddr,
} from '../../../support/ip-oracle';

/** What the package decides for a URL host: internal or not (undefined when it is not an address). */
function packageInternal(hostname: string): boolean | undefined {
	const address = parseIp(hostname);
	return address && internalRange(address) !== undefined;
}

const RUNS = { numRuns: 3000 };

describe('address ranges against ipaddr.js (property-based)', () => {
	it('judges every IPv4 notation the URL parser accepts as ipaddr.js judges the address', () => {
		fc.assert(
			fc.property(
				ipv4Value.chain((value) => fc.tuple(fc.constant(value), ipv4Notation(value))),
				([value, notation]) => {
					const hostname = new URL(`http://${notation}:8080/doc.pdf`).hostname;
					const expected = oracleInternal(toIpaddr({ family: 4, value }));
					expect(packageInternal(hostname)).toBe(expected);
				},
			),
			RUNS,
		);
	});

	it('judges every IPv6 notation the URL parser accepts as ipaddr.js judges the address', () => {
		fc.assert(
			fc.property(
				ipv6Groups.chain((groups) => fc.tuple(fc.constant(groups), ipv6Notation(groups))),
				([groups, notation]) => {
					const hostname = new URL(`http://[${notation}]:8080/doc.pdf`).hostname;
					expect(packageInternal(hostname)).toBe(oracleInternal(new ipaddr.IPv6(groups)));
				},
			),
			RUNS,
		);
	});

	it('reads a resolver answer (no brackets, any case, a zone) the same way', () => {
		fc.assert(
			fc.property(ipv6Groups, fc.boolean(), fc.boolean(), (groups, upper, zone) => {
				const text = new ipaddr.IPv6(groups).toString();
				const answer = `${upper ? text.toUpperCase() : text}${zone ? '%eth0' : ''}`;
				const address = parseIp(answer);
				expect(address && internalRange(address) !== undefined).toBe(
					oracleInternal(new ipaddr.IPv6(groups)),
				);
			}),
			RUNS,
		);
	});

	it("marks as n8n's default ranges exactly those of the n8n-core it is tested with (the address as written)", () => {
		const defaults = SSRF_DEFAULT_BLOCKED_IP_RANGES.map((cidr) => ipaddr.parseCIDR(cidr));
		fc.assert(
			fc.property(
				fc.oneof(
					ipv4Value.map((value): IpAddress => ({ family: 4, value })),
					ipv6Groups.map((groups): IpAddress => ({ family: 6, groups })),
				),
				(address) => {
					const oracle = toIpaddr(address);
					const inDefaults = defaults.some(
						([base, bits]) => base.kind() === oracle.kind() && oracle.match(base, bits),
					);
					expect(inCidrs(address, N8N_DEFAULT_BLOCKED_RANGES)).toBe(inDefaults);
					// Each of them is also one of the package's own internal ranges.
					if (inDefaults) expect(internalRange(address)).toBeDefined();
				},
			),
			RUNS,
		);
	});

	it("Node's resolver reads an IPv4 notation as the URL parser does (the address judged is the one connected to)", async () => {
		await fc.assert(
			fc.asyncProperty(
				ipv4Value.chain((value) => fc.tuple(fc.constant(value), ipv4Notation(value, false))),
				async ([value, notation]) => {
					const { address } = await dns.lookup(notation, { family: 4 });
					expect(address).toBe(toIpaddr({ family: 4, value }).toString());
					expect(new URL(`http://${notation}/`).hostname).toBe(address);
				},
			),
			{ numRuns: 60 },
		);
	});
});

describe('address ranges (examples)', () => {
	it.each([
		['[::]', 'unspecified (this host)'],
		['[0:0:0:0:0:0:0:0]', 'unspecified (this host)'],
		['0.0.0.0', 'unspecified (this host)'],
		['[::ffff:0.0.0.0]', 'unspecified (this host), IPv4-mapped'],
		['[::1]', 'loopback'],
		['[::ffff:127.0.0.1]', 'loopback, IPv4-mapped'],
		['[::127.0.0.1]', 'loopback, IPv4-compatible'],
		['[64:ff9b::7f00:1]', 'loopback, NAT64'],
		['[64:ff9b::a9fe:a9fe]', 'link-local (cloud metadata), NAT64'],
		['[64:ff9b:1::1]', 'NAT64 (local use)'],
		['[2002:a9fe:a9fe::1]', 'link-local (cloud metadata), 6to4'],
		['100.100.100.200', 'carrier-grade NAT'],
		['169.254.169.254', 'link-local (cloud metadata)'],
		['[fd00::1]', 'unique-local'],
		['[fe80::1]', 'link-local'],
		['[fec0::1]', 'site-local'],
	])('%s is %s', (host, range) => {
		expect(internalRange(parseIp(new URL(`http://${host}/`).hostname) as IpAddress)).toBe(range);
	});

	it.each([
		'8.8.8.8',
		'[2606:4700::1111]',
		'[::ffff:8.8.8.8]',
		'[64:ff9b::808:808]',
		'[2002:808:808::1]',
		'[2001:0:4136:e378::1]',
	])('%s is public', (host) => {
		expect(
			internalRange(parseIp(new URL(`http://${host}/`).hostname) as IpAddress),
		).toBeUndefined();
	});

	it.each([
		['localhost', true],
		['LOCALHOST', true],
		['docs.localhost', false],
		['127.0.0.1', true],
		['127.255.0.9', true],
		['[::1]', true],
		['[::ffff:127.0.0.1]', true],
		['[64:ff9b::7f00:2]', false],
		['0.0.0.0', false],
		['localhost.example.com', false],
		['10.0.0.1', false],
		['restapi.fax.plus', false],
	])(
		'%s is a literal loopback host: %s (an embedded address leads to its IPv4 only when mapped)',
		(host, expected) => {
			expect(isLiteralLoopbackHost(host)).toBe(expected);
		},
	);

	it.each([
		['localhost', true],
		['127.0.0.1', true],
		['127.255.0.9', true],
		['[::1]', true],
		['[::ffff:127.0.0.1]', true],
		['localhost.', false],
		['docs.localhost', false],
		['localhost.example.com', false],
		['0.0.0.0', false],
		['restapi.fax.plus', false],
		// 127.0.0.1 inside routed IPv6 forms: NAT64, 6to4, IPv4-compatible, IPv4-translated
		['[64:ff9b::7f00:1]', false],
		['[2002:7f00:1::]', false],
		['[::7f00:1]', false],
		['[::ffff:0:7f00:1]', false],
	])('%s is a literal loopback host: %s', (host, expected) => {
		expect(isLiteralLoopbackHost(host)).toBe(expected);
	});

	it('is no address for a host name', () => {
		expect(parseIp('docs.example.com')).toBeUndefined();
		expect(parseIp('1.2.3')).toBeUndefined();
		expect(parseIp('[1::2::3]')).toBeUndefined();
	});
});
