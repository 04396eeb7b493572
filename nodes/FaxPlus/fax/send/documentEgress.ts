// Where Send may fetch a document from, decided for the address the connection really goes to.
// n8n 2.x: its egress filter in enforced mode (its blocked ranges and allow lists, even while
// N8N_SSRF_PROTECTION_ENABLED is off) and its secure lookup resolve the host; the package's own
// ranges (nodes/api/addresses.ts) judge every address, and the request connects to the one checked.
// n8n 1.x gives nodes no way to resolve a name (no filter; node code may not import `node:dns`):
// IP literals are checked with the same ranges, and a host name is fetched only when Allowed
// Document Hosts names it (the workflow's author vouches for it), which is also how an internal
// server is allowed there, n8n 1.x having no allow lists of its own.
import type { IExecuteFunctions, NodeEgressFilter } from 'n8n-workflow';
import {
	effectiveAddress,
	formatIp,
	internalRange,
	isLoopbackHost,
	parseIp,
	type IpAddress,
} from '../../../api/addresses';
import { listOf } from '../../shared/values';

/** Where a URL's host leads: allowed (with the address to connect to, if pinned), or why not. */
export type EgressDecision =
	| { allowed: true; address?: string }
	| { allowed: false; reason: 'internal'; range?: string }
	| { allowed: false; reason: 'unresolved' | 'unchecked' | 'notListed' };

export interface DocumentEgress {
	check(url: URL): Promise<EgressDecision>;
	/** Whether this n8n has an egress filter (n8n 2.x) or not (1.x). */
	readonly filtered: boolean;
}

/**
 * Whether the node's Allowed Document Hosts lets a URL through: each entry a host name or address
 * (`*.example.com` for subdomains), with a port (`10.0.0.5:8080`: only that port) or a scheme
 * (`https://files.example.com`: only https, on its port) if given.
 */
export type HostList = (url: URL) => boolean;

interface HostEntry {
	host: string;
	wildcard: boolean;
	/** `http:` or `https:` when the entry names one. */
	protocol?: string;
	/** The port the entry names (a scheme's default when only the scheme is given). */
	port?: string;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** The port a URL connects to. */
const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/**
 * The entries of a comma- or line-separated list, as the URL parser writes their hosts;
 * undefined when empty. Throws, naming the entry, for one that says more than a host, port and
 * scheme (a path, query, user name) or is no host: it would otherwise be read as wider than written.
 */
export function hostList(value: unknown): HostList | undefined {
	const entries = listOf(String(value ?? ''), /[\s,]+/).map(hostEntry);
	if (entries.length === 0) return undefined;
	return (url) => {
		const host = url.hostname.replace(/\.$/, '');
		return entries.some(
			(entry) =>
				(entry.wildcard ? host.endsWith(`.${entry.host}`) : host === entry.host) &&
				(entry.protocol === undefined || entry.protocol === url.protocol) &&
				(entry.port === undefined || entry.port === portOf(url)),
		);
	};
}

function hostEntry(entry: string): HostEntry {
	const scheme = SCHEME.exec(entry)?.[1]?.toLowerCase();
	let rest = scheme === undefined ? entry : entry.slice(entry.indexOf('//') + 2);
	const wildcard = rest.startsWith('*.');
	if (wildcard) rest = rest.slice(2);
	const refuse = (problem: string) =>
		new Error(
			`Allowed Document Hosts: "${entry.slice(0, 100)}" ${problem}. List a host (files.example.com), optionally with a port (files.example.com:8443) or a scheme (https://files.example.com).`,
		);
	if (scheme !== undefined && scheme !== 'http' && scheme !== 'https')
		throw refuse('has a scheme other than http or https');
	const parse = (protocol: string) => {
		if (URL.canParse(`${protocol}://${rest}`)) return new URL(`${protocol}://${rest}`);
		throw refuse('is not a host name or address');
	};
	const url = parse(scheme ?? 'http');
	if (url.username || url.password) throw refuse('has a user name or password');
	// The parser reads "host:" as the host without a port, which would admit every port.
	if (/:\/?$/.test(rest)) throw refuse('has an empty port');
	if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(rest))
		throw refuse('has a path, query or fragment, which this list cannot check');
	const host = url.hostname.replace(/\.$/, '');
	if (host === '' || host.includes('*')) throw refuse('is not a host name or address');
	if (scheme !== undefined) return { host, wildcard, protocol: `${scheme}:`, port: portOf(url) };
	// Without a scheme, a port the parser drops as the default of http (80) or https (443) is still the entry's.
	const port = url.port || parse('https').port || undefined;
	return { host, wildcard, port };
}

/**
 * Whether n8n's allow lists (read where n8n 2.41 keeps them, in its SSRF protection service) let
 * `address` (an internal one, resolved from `hostname`) through. Where n8n does not show its
 * lists, none is assumed: the address is refused.
 */
function allowedByN8n(
	filter: NodeEgressFilter,
	hostname: string,
	address: IpAddress,
	isName: boolean,
): boolean {
	const { allowedIps: ips, allowedHostnameMatcher: names } = filter as unknown as {
		allowedIps?: { check?: (address: string, family: string) => boolean };
		allowedHostnameMatcher?: { matches?: (hostname: string) => boolean };
	};
	if (typeof ips?.check !== 'function' || typeof names?.matches !== 'function') return false;
	const listed = (candidate: IpAddress) =>
		Boolean(ips.check?.(formatIp(candidate), candidate.family === 4 ? 'ipv4' : 'ipv6'));
	const effective = effectiveAddress(address);
	return (
		(isName && Boolean(names.matches(hostname))) ||
		listed(address) ||
		(effective !== address && listed(effective))
	);
}

/** Every address n8n's secure lookup resolves a host to, each validated against n8n's egress rules. */
async function secureAddresses(filter: NodeEgressFilter, hostname: string): Promise<string[]> {
	const lookup = filter.createSecureLookup();
	return await new Promise<string[]>((resolve, reject) => {
		lookup(hostname, { all: true }, (error, addresses) => {
			if (error) reject(error);
			else if (Array.isArray(addresses) && addresses.length > 0)
				resolve(addresses.map((entry) => String(entry.address)));
			else reject(new Error('no address'));
		});
	});
}

/** The egress rules of this n8n, with the node's Allowed Document Hosts (if set) applied first. */
export function documentEgress(context: IExecuteFunctions, allowed?: HostList): DocumentEgress {
	const helpers = context.helpers as Partial<
		Pick<IExecuteFunctions['helpers'], 'getSecureEgressFilter'>
	>;
	if (typeof helpers.getSecureEgressFilter !== 'function') {
		return {
			filtered: false,
			async check(url) {
				if (allowed) return allowed(url) ? { allowed: true } : notListed;
				const literal = parseIp(url.hostname);
				const range = literal
					? internalRange(literal)
					: isLoopbackHost(url.hostname)
						? 'loopback'
						: undefined;
				if (range) return { allowed: false, reason: 'internal', range };
				return literal ? { allowed: true } : { allowed: false, reason: 'unchecked' };
			},
		};
	}
	const enforced = helpers.getSecureEgressFilter('enforced');
	const instance = helpers.getSecureEgressFilter('safe');
	return {
		filtered: true,
		async check(url) {
			if (allowed && !allowed(url)) return notListed;
			const literal = parseIp(url.hostname);
			let addresses: string[];
			try {
				addresses = await secureAddresses(enforced, url.hostname);
			} catch (error) {
				// A name that does not resolve now is not left to a second lookup that might; n8n's
				// refusals by its egress rules are its Ssrf… errors.
				if (!/^Ssrf/.test(String((error as Error)?.name)))
					return { allowed: false, reason: 'unresolved' };
				return { allowed: false, reason: 'internal', range: literal && internalRange(literal) };
			}
			for (const text of addresses) {
				const address = parseIp(text);
				if (!address) return { allowed: false, reason: 'unresolved' };
				const range = internalRange(address);
				if (range && !allowedByN8n(enforced, url.hostname, address, !literal))
					return { allowed: false, reason: 'internal', range };
			}
			const [address] = addresses;
			// With n8n's own protection on, its connection checks the name again with the same lists:
			// an address it would refuse although the name is allowed (N8N_SSRF_ALLOWED_HOSTNAMES) is
			// left to it; any other is connected to as checked, so a DNS answer that changes between
			// the check and the connection (rebinding) is never used.
			if (literal || !instance.validateConnectionHost(address).ok) return { allowed: true };
			return { allowed: true, address: address.includes(':') ? `[${address}]` : address };
		},
	};
}

const notListed: EgressDecision = { allowed: false, reason: 'notListed' };
