/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Where Send may fetch a document from, decided with n8n 2.41's real egress filter (its blocked
// ranges, allow lists and secure lookup) and the package's ranges as a second opinion, against
// the oracle (ipaddr.js). Host names resolve through n8n's own DnsResolver service, given a
// table here so that a name can lead anywhere. The other releases' filters (docs/security.md)
// are the same public methods, handed out as those releases do: none, only with protection on,
// or one that passes everything.
import { isIP } from 'node:net';
import { Container } from '@n8n/di';
import { SSRF_DEFAULT_BLOCKED_IP_RANGES } from '@n8n/config';
import { DnsResolver, OutboundHttp, passthroughEgressFilter } from '@n8n/backend-network';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import type { IExecuteFunctions, NodeEgressFilter } from 'n8n-workflow';
import type { IpAddress } from '../../../../../nodes/shared/transport/addresses';
import {
	documentEgress,
	hostList,
	type EgressDecision,
} from '../../../../../nodes/FaxPlus/fax/send/documentEgress';
import {
	ipv4Notation,
	ipv4Value,
	ipv6Groups,
	ipv6Notation,
	oracleInternal,
	toIpaddr,
} from '../../../../support/ip-oracle';

// n8n's allow lists, as an administrator sets them: an internal server by address (one on
// loopback; a carrier-grade NAT range n8n itself does not block, which its filter passing
// therefore cannot show as allowed) and one by name.
const ALLOWED_RANGES = ['127.0.0.2/32', '100.101.0.0/16'];
const ALLOWED_NAME = 'docs.allowed.test';
process.env.N8N_SSRF_ALLOWED_IP_RANGES = ALLOWED_RANGES.join(',');
process.env.N8N_SSRF_ALLOWED_HOSTNAMES = ALLOWED_NAME;

/** What n8n's DnsResolver answers here: a name's addresses, as the test sets them. */
const dnsTable = new Map<string, string[]>();
Container.set(DnsResolver, {
	lookup: async (hostname: string) => {
		const addresses = dnsTable.get(hostname.toLowerCase().replace(/\.$/, ''));
		if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
		return addresses.map((address) => ({ address, family: isIP(address) }));
	},
} as unknown as DnsResolver);

const filterOf = (policy?: 'enforced' | 'safe') => Container.get(OutboundHttp).egressFilter(policy);
/** n8n 2.x's helpers as a node gets them (n8n-core's request helpers call the same service). */
const n8n2 = { helpers: { getSecureEgressFilter: filterOf } } as unknown as IExecuteFunctions;
/** n8n 1.x and 2.x before 2.30: no egress filter among the helpers. */
const n8n1 = { helpers: {} } as unknown as IExecuteFunctions;
/** A name's addresses from the table, as a lookup that enforces nothing answers them. */
const tableLookup = (() =>
	(
		hostname: string,
		_options: object,
		callback: (error: Error | null, found?: unknown) => void,
	) => {
		const addresses = isIP(hostname) ? [hostname] : dnsTable.get(hostname.toLowerCase());
		if (!addresses) callback(new Error(`ENOTFOUND ${hostname}`));
		else
			callback(
				null,
				addresses.map((address) => ({ address, family: isIP(address) })),
			);
	}) as unknown as NodeEgressFilter['createSecureLookup'];
/** n8n 2.37.10 and 2.38 with protection off: whatever the policy asked, a filter that passes everything. */
const n8n238 = {
	helpers: {
		getSecureEgressFilter: () => ({
			...passthroughEgressFilter,
			createSecureLookup: tableLookup,
		}),
	},
} as unknown as IExecuteFunctions;
/** n8n 2.30 to 2.37.5: no filter with protection off; with it on, the instance's whatever the policy. */
const n8n230 = {
	helpers: { getSecureEgressFilter: () => undefined },
} as unknown as IExecuteFunctions;
const n8n230on = {
	helpers: { getSecureEgressFilter: () => filterOf('enforced') },
} as unknown as IExecuteFunctions;

const check = async (context: IExecuteFunctions, url: string, hosts?: string) =>
	await documentEgress(context, hostList(hosts))(new URL(url));

// ---------------------------------------------------------------- the oracle's decision

const inRanges = (cidrs: readonly string[], address: ipaddr.IPv4 | ipaddr.IPv6) =>
	cidrs
		.map((cidr) => ipaddr.parseCIDR(cidr))
		.some(([base, bits]) => address.kind() === base.kind() && address.match(base, bits));
/** Public, or in a range n8n blocks by default (as written) that its administrator allowed. */
function oracleAllowed(hostname: string, address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
	if (!oracleInternal(address)) return true;
	if (!inRanges(SSRF_DEFAULT_BLOCKED_IP_RANGES, address)) return false;
	return hostname === ALLOWED_NAME || inRanges(ALLOWED_RANGES, address);
}

const anyAddress: fc.Arbitrary<IpAddress> = fc.oneof(
	ipv4Value.map((value): IpAddress => ({ family: 4, value })),
	ipv6Groups.map((groups): IpAddress => ({ family: 6, groups })),
);

const bracketed = (text: string) => (text.includes(':') ? `[${text}]` : text);

describe('document URLs on n8n 2.x: n8n’s enforced filter, then the package’s ranges (property-based)', () => {
	it('a host name is allowed only when every address it resolves to is public or on an allow list, and is pinned to the first', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.domain(),
				fc.array(anyAddress, { minLength: 1, maxLength: 3 }),
				async (name, addresses) => {
					const texts = addresses.map((address) => toIpaddr(address).toString());
					dnsTable.set(name.toLowerCase(), texts);
					const decision = await check(n8n2, `https://${name}/doc.pdf`);
					const expected = addresses.every((address) =>
						oracleAllowed(name.toLowerCase(), toIpaddr(address)),
					);
					expect(decision.allowed).toBe(expected);
					if (decision.allowed) expect(decision.address).toBe(bracketed(texts[0]));
				},
			),
			{ numRuns: 1500 },
		);
	});

	it('an address in any notation is allowed only when public or on an allow list, and connected to as written', async () => {
		const literal = fc.oneof(
			ipv4Value.chain((value) =>
				fc.tuple(fc.constant<IpAddress>({ family: 4, value }), ipv4Notation(value)),
			),
			ipv6Groups.chain((groups) =>
				fc.tuple(
					fc.constant<IpAddress>({ family: 6, groups }),
					ipv6Notation(groups).map((text) => `[${text}]`),
				),
			),
		);
		await fc.assert(
			fc.asyncProperty(literal, async ([address, notation]) => {
				const decision = await check(n8n2, `http://${notation}:8080/doc.pdf?token=s3cret`);
				expect(decision.allowed).toBe(oracleAllowed(notation, toIpaddr(address)));
				if (decision.allowed) expect(decision.address).toBeUndefined();
			}),
			{ numRuns: 1500 },
		);
	});
});

describe('document URLs on n8n 2.x (examples)', () => {
	beforeAll(() => {
		dnsTable.set('rebind.example', ['93.184.215.14', '127.0.0.1']);
		dnsTable.set('unspecified.example', ['::']);
		dnsTable.set('cgnat.example', ['100.64.1.2']);
		dnsTable.set('tailnet.example', ['100.101.1.2']);
		dnsTable.set('nat64.example', ['64:ff9b::a9fe:a9fe']);
		dnsTable.set(ALLOWED_NAME, ['10.1.2.3']);
		dnsTable.set('public.example', ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']);
	});

	it.each<[string, EgressDecision]>([
		[
			'http://[::]:5678/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'unspecified (this host)' },
		],
		[
			'http://[0:0:0:0:0:0:0:0]/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'unspecified (this host)' },
		],
		[
			'http://[::ffff:0.0.0.0]/doc.pdf',
			{ allowed: false, reason: 'blocked', range: 'unspecified (this host), IPv4-mapped' },
		],
		[
			'http://unspecified.example/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'unspecified (this host)' },
		],
		[
			'http://100.100.100.200/latest/meta-data/',
			{ allowed: false, reason: 'internal', range: 'carrier-grade NAT' },
		],
		[
			'http://100.101.0.9/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'carrier-grade NAT' },
		],
		[
			'http://100.64.0.1/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'carrier-grade NAT' },
		],
		[
			'http://cgnat.example/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'carrier-grade NAT' },
		],
		[
			'http://[64:ff9b::7f00:1]/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'loopback, NAT64' },
		],
		[
			'http://[64:ff9b::7f00:2]/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'loopback, NAT64' },
		],
		[
			'http://[64:ff9b:1::a9fe:a9fe]/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'NAT64 (local use)' },
		],
		[
			'http://[2002:a9fe:a9fe::1]/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'link-local (cloud metadata), 6to4' },
		],
		[
			'http://[::127.0.0.1]/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'loopback, IPv4-compatible' },
		],
		[
			'http://nat64.example/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'link-local (cloud metadata), NAT64' },
		],
		['http://rebind.example/doc.pdf', { allowed: false, reason: 'blocked' }],
		['http://unknown.example/doc.pdf', { allowed: false, reason: 'unresolved' }],
		[`http://${ALLOWED_NAME}/doc.pdf`, { allowed: true, address: '10.1.2.3' }],
		[
			'http://tailnet.example/doc.pdf',
			{ allowed: false, reason: 'internal', range: 'carrier-grade NAT' },
		],
		['https://public.example/doc.pdf', { allowed: true, address: '93.184.215.14' }],
		['http://127.0.0.2:8080/doc.pdf', { allowed: true }],
	])('%s', async (url, expected) => {
		expect(await check(n8n2, url)).toEqual(expected);
	});

	it('the Allowed Document Hosts of the node come first, and never let an internal address through', async () => {
		const hosts = 'public.example, *.allowed.test, 127.0.0.1';
		expect(await check(n8n2, 'https://public.example/a.pdf', hosts)).toEqual({
			allowed: true,
			address: '93.184.215.14',
		});
		expect(await check(n8n2, `http://${ALLOWED_NAME}/a.pdf`, hosts)).toMatchObject({
			allowed: true,
		});
		expect(await check(n8n2, 'http://tailnet.example/a.pdf', hosts)).toEqual({
			allowed: false,
			reason: 'notListed',
		});
		expect(await check(n8n2, 'http://127.0.0.1/a.pdf', hosts)).toEqual({
			allowed: false,
			reason: 'blocked',
			range: 'loopback',
		});
	});

	it('n8n’s allow lists open only ranges n8n itself blocks; the package’s own ranges need Allowed Document Hosts', async () => {
		// 100.101.0.0/16 is on N8N_SSRF_ALLOWED_IP_RANGES, but n8n passes it anyway: no sign of a choice.
		expect(await check(n8n2, 'http://100.101.0.9/a.pdf')).toEqual({
			allowed: false,
			reason: 'internal',
			range: 'carrier-grade NAT',
		});
		expect(await check(n8n2, 'http://tailnet.example/a.pdf', 'tailnet.example')).toEqual({
			allowed: true,
			address: '100.101.1.2',
		});
		expect(await check(n8n2, 'http://[::]/a.pdf', '[::]')).toEqual({ allowed: true });
	});

	it('n8n 2.30 to 2.38 with protection on: the instance’s filter, whatever the policy asked', async () => {
		expect(await check(n8n230on, 'http://127.0.0.2/a.pdf')).toEqual({ allowed: true });
		expect(await check(n8n230on, 'http://127.0.0.1/a.pdf')).toMatchObject({ reason: 'blocked' });
		expect(await check(n8n230on, 'http://cgnat.example/a.pdf')).toMatchObject({
			reason: 'internal',
		});
		expect(await check(n8n230on, 'https://public.example/a.pdf')).toEqual({
			allowed: true,
			address: '93.184.215.14',
		});
	});

	it('a filter that enforces nothing (n8n 2.37.10 and 2.38, protection off) resolves, and the package’s ranges decide', async () => {
		for (const url of [
			'http://127.0.0.2/a.pdf',
			'http://[::ffff:127.0.0.2]/a.pdf',
			`http://${ALLOWED_NAME}/a.pdf`,
			'http://127.0.0.1/a.pdf',
			'http://tailnet.example/a.pdf',
			'http://rebind.example/a.pdf',
			'http://[::]/a.pdf',
		]) {
			expect([url, await check(n8n238, url)]).toEqual([
				url,
				expect.objectContaining({ allowed: false, reason: 'internal' }),
			]);
		}
		expect(await check(n8n238, 'http://unknown.example/a.pdf')).toEqual({
			allowed: false,
			reason: 'unresolved',
		});
		expect(await check(n8n238, `http://${ALLOWED_NAME}/a.pdf`, ALLOWED_NAME)).toEqual({
			allowed: true,
			address: '10.1.2.3',
		});
		// Positive controls: a public address and a public name pass, the name pinned.
		expect(await check(n8n238, 'http://93.184.216.34/a.pdf')).toEqual({ allowed: true });
		expect(await check(n8n238, 'https://public.example/a.pdf')).toEqual({
			allowed: true,
			address: '93.184.215.14',
		});
	});

	it('n8n 2.30 to 2.37.5, protection off: no filter, as on n8n 1.x', async () => {
		expect(await check(n8n230, 'https://public.example/a.pdf')).toEqual({
			allowed: false,
			reason: 'unchecked',
		});
		expect(await check(n8n230, 'http://127.0.0.2/a.pdf')).toMatchObject({ reason: 'internal' });
		expect(await check(n8n230, 'http://93.184.216.34/a.pdf')).toEqual({ allowed: true });
	});
});

describe('document URLs on n8n 1.x and 2.x before 2.30 (no egress filter, no resolver a node may use)', () => {
	it.each<[string, EgressDecision]>([
		['http://127.0.0.1/a.pdf', { allowed: false, reason: 'internal', range: 'loopback' }],
		['http://2130706433/a.pdf', { allowed: false, reason: 'internal', range: 'loopback' }],
		['http://[::]/a.pdf', { allowed: false, reason: 'internal', range: 'unspecified (this host)' }],
		[
			'http://[64:ff9b::a9fe:a9fe]/a.pdf',
			{ allowed: false, reason: 'internal', range: 'link-local (cloud metadata), NAT64' },
		],
		[
			'http://100.100.100.200/a.pdf',
			{ allowed: false, reason: 'internal', range: 'carrier-grade NAT' },
		],
		['http://LOCALHOST./a.pdf', { allowed: false, reason: 'unchecked' }],
		['http://docs.localhost/a.pdf', { allowed: false, reason: 'unchecked' }],
		['https://files.example.com/a.pdf', { allowed: false, reason: 'unchecked' }],
		['http://8.8.8.8/a.pdf', { allowed: true }],
		['http://[2606:4700::1111]/a.pdf', { allowed: true }],
	])('%s', async (url, expected) => {
		expect(await check(n8n1, url)).toEqual(expected);
	});

	it('fetches the hosts of Allowed Document Hosts (names, subdomains, addresses) and nothing else', async () => {
		const hosts = 'https://files.example.com/\n*.cdn.example, 127.0.0.2:8080';
		expect(await check(n8n1, 'https://FILES.example.com./a.pdf', hosts)).toEqual({ allowed: true });
		expect(await check(n8n1, 'https://eu.cdn.example/a.pdf', hosts)).toEqual({ allowed: true });
		expect(await check(n8n1, 'https://cdn.example/a.pdf', hosts)).toEqual({
			allowed: false,
			reason: 'notListed',
		});
		expect(await check(n8n1, 'http://0x7f.0.0.2:8080/a.pdf', hosts)).toEqual({ allowed: true });
		expect(await check(n8n1, 'http://127.0.0.1:8080/a.pdf', hosts)).toEqual({
			allowed: false,
			reason: 'notListed',
		});
		expect(await check(n8n1, 'https://files.example.com.evil.test/a.pdf', hosts)).toEqual({
			allowed: false,
			reason: 'notListed',
		});
	});

	it('honours the port and scheme of an entry: no other port or scheme of that host', async () => {
		const hosts =
			'10.0.0.5:8080, 127.0.0.2:80, https://files.example.com, http://docs.example:8000';
		const allowed = [
			'http://10.0.0.5:8080/a.pdf',
			'https://10.0.0.5:8080/a.pdf',
			'http://127.0.0.2/a.pdf',
			'https://files.example.com/a.pdf',
			'https://files.example.com:443/a.pdf',
			'http://docs.example:8000/a.pdf',
		];
		const refused = [
			'http://10.0.0.5:6379/a.pdf',
			'http://10.0.0.5:22/a.pdf',
			'http://10.0.0.5/a.pdf',
			'http://127.0.0.2:23012/a.pdf',
			'https://127.0.0.2/a.pdf',
			'http://files.example.com/a.pdf',
			'https://files.example.com:8443/a.pdf',
			'https://docs.example:8000/a.pdf',
			'http://docs.example/a.pdf',
		];
		for (const url of allowed)
			expect([url, await check(n8n1, url, hosts)]).toEqual([url, { allowed: true }]);
		for (const url of refused)
			expect([url, await check(n8n1, url, hosts)]).toEqual([
				url,
				{ allowed: false, reason: 'notListed' },
			]);
	});

	it.each([
		['https://files.example.com/docs/', /"https:\/\/files.example.com\/docs\/" has a path/],
		['files.example.com/docs', /"files.example.com\/docs" has a path/],
		['files.example.com?x=1', /has a path, query or fragment/],
		['user:pw@files.example.com', /has a user name or password/],
		['ftp://files.example.com', /has a scheme other than http or https/],
		['files.example.com:99999', /is not a host name or address/],
		['files.example.com:', /"files.example.com:" has an empty port/],
		['https://[::1]:/', /has an empty port/],
	])('refuses the entry %s, naming it, rather than reading it wider', (entry, message) => {
		expect(() => hostList(`files.example.org, ${entry}`)).toThrow(message);
	});

	it('reads every address of a generated notation as the oracle does', async () => {
		await fc.assert(
			fc.asyncProperty(
				ipv4Value.chain((value) => fc.tuple(fc.constant(value), ipv4Notation(value))),
				async ([value, notation]) => {
					const decision = await check(n8n1, `http://${notation}/a.pdf`);
					expect(decision.allowed).toBe(!oracleInternal(toIpaddr({ family: 4, value })));
				},
			),
			{ numRuns: 500 },
		);
	});
});
