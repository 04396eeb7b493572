// Where Send may fetch from (docs/security.md); n8n 1.x needs host names in Allowed Document Hosts.
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
	readonly filtered: boolean;
}

/** Whether Allowed Document Hosts lets a URL through (an entry's port or scheme narrows it). */
export type HostList = (url: URL) => boolean;

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/** A list's entries; one with more than host, port and scheme throws (it would read wider). */
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

function hostEntry(entry: string) {
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

/** Whether n8n 2.x's SSRF allow lists let an internal address through; lists unseen: refused. */
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
				// A name that does not resolve now is not left to a second lookup that might.
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
			// Pinned to the address checked, so a rebinding DNS answer is never used.
			if (literal || !instance.validateConnectionHost(address).ok) return { allowed: true };
			return { allowed: true, address: address.includes(':') ? `[${address}]` : address };
		},
	};
}

const notListed: EgressDecision = { allowed: false, reason: 'notListed' };

export function refusal(
	decision: Exclude<EgressDecision, { allowed: true }>,
	filtered: boolean,
): { message: string; description: string } {
	if (decision.reason === 'notListed') {
		return {
			message: 'is not on the Allowed Document Hosts of this node',
			description: 'Only the hosts listed in the option Allowed Document Hosts are fetched.',
		};
	}
	if (decision.reason === 'unchecked') {
		return {
			message: 'names a host that n8n 1.x cannot check',
			description:
				'n8n 1.x gives nodes no way to see where a host name leads, so the name could lead inside your network. ' +
				'If you trust the host, list it in the option Allowed Document Hosts (e.g. files.example.com); n8n 2.x checks every address itself.',
		};
	}
	const range = decision.reason === 'internal' ? decision.range : undefined;
	const which = range ? ` (this one: ${range})` : '';
	const allow = filtered
		? 'To fax documents from a server inside your network, the n8n administrator allows it with ' +
			'N8N_SSRF_ALLOWED_HOSTNAMES (its host name) or N8N_SSRF_ALLOWED_IP_RANGES (its addresses).'
		: 'n8n 1.x has no allow lists of its own: to fax documents from a server inside your network, ' +
			'list its host in the option Allowed Document Hosts (n8n 2.x: N8N_SSRF_ALLOWED_HOSTNAMES or N8N_SSRF_ALLOWED_IP_RANGES).';
	return {
		message: 'is an internal address n8n does not let this node reach',
		description: `Loopback, private, link-local, carrier-grade NAT, cloud metadata and other non-public addresses are refused, in every notation${which}. ${allow}`,
	};
}
