// Where Send may fetch from (docs/security.md).
import type { IExecuteFunctions, NodeEgressFilter } from 'n8n-workflow';
import { parseIp } from '../../../shared/transport/addresses';
import { inCidrs, internalRange } from '../../../shared/transport/ipRanges';
import {
	N8N_DEFAULT_BLOCKED_RANGES,
	n8nEgress,
	type N8nEgress,
} from '../../../shared/n8n/egressFilter';
import { sendOption } from '../../shared/parameters';
import { listOf } from '../../shared/values';

/** Where a URL's host leads: allowed (with the address to connect to, if pinned), or why not. */
export type EgressDecision =
	| { allowed: true; address?: string }
	| { allowed: false; reason: 'blocked' | 'internal'; range?: string }
	| { allowed: false; reason: 'unresolved' | 'unchecked' | 'notListed' };

export type DocumentEgress = (url: URL) => Promise<EgressDecision>;

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

/** Every address n8n's lookup resolves a host to (an enforcing one refuses what n8n blocks). */
async function resolvedAddresses(filter: NodeEgressFilter, hostname: string): Promise<string[]> {
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

/** An internal address only where n8n's enforcing filter passed one of its default ranges, or on Allowed Document Hosts; a host name only where n8n gives a lookup, or on that list. */
export function documentEgress(context: IExecuteFunctions, allowed?: HostList): DocumentEgress {
	let egress: Promise<N8nEgress | undefined> | undefined;
	return async (url) => {
		const listed = allowed?.(url);
		if (listed === false) return { allowed: false, reason: 'notListed' };
		const n8n = await (egress ??= n8nEgress(context));
		const literal = parseIp(url.hostname);
		if (!n8n && !literal)
			return listed ? { allowed: true } : { allowed: false, reason: 'unchecked' };
		const name = url.hostname.replace(/^\[(.*)\]$/, '$1');
		let addresses = [name];
		try {
			if (n8n) addresses = await resolvedAddresses(n8n.filter, name);
		} catch (error) {
			// A name that does not resolve now is not left to a second lookup that might.
			if (!/^Ssrf/.test(String((error as Error)?.name)))
				return { allowed: false, reason: 'unresolved' };
			return { allowed: false, reason: 'blocked', range: literal && internalRange(literal) };
		}
		for (const text of addresses) {
			const address = parseIp(text);
			if (!address) return { allowed: false, reason: 'unresolved' };
			const range = internalRange(address);
			const byN8n = n8n?.enforcing === true && inCidrs(address, N8N_DEFAULT_BLOCKED_RANGES);
			if (range && !listed && !byN8n) return { allowed: false, reason: 'internal', range };
		}
		const host = addresses[0].includes(':') ? `[${addresses[0]}]` : addresses[0];
		// Pinned to the address checked, so a rebinding DNS answer is never used.
		if (literal || !(await n8n?.connectable(host))) return { allowed: true };
		return { allowed: true, address: host };
	};
}

export function refusal(decision: Exclude<EgressDecision, { allowed: true }>): {
	message: string;
	description: string;
} {
	const list = `list its host in ${sendOption('Allowed Document Hosts')}, e.g. files.example.com:8080`;
	if (decision.reason === 'notListed') {
		return {
			message: 'is not on the Allowed Document Hosts of this node',
			description: `Only the hosts listed in ${sendOption('Allowed Document Hosts')} are fetched.`,
		};
	}
	if (decision.reason === 'unchecked') {
		return {
			message: 'names a host that this n8n gives nodes no way to check',
			description:
				'This n8n gives nodes no egress filter (n8n 1.x and 2.x before 2.30; 2.30 to 2.37.5 unless N8N_SSRF_PROTECTION_ENABLED is true), ' +
				`so the package cannot see where a host name leads: it could lead inside your network. If you trust the host, ${list}.`,
		};
	}
	const blocked = decision.reason === 'blocked';
	const which = 'range' in decision && decision.range ? ` (this one: ${decision.range})` : '';
	return {
		message: blocked
			? 'is an internal address n8n does not let this node reach'
			: 'is an internal address not on the Allowed Document Hosts of this node',
		description:
			`Loopback, private, link-local, carrier-grade NAT, cloud metadata and other non-public addresses ` +
			`are refused, in every notation${which}. To fax documents from a server inside your network, ` +
			`${blocked ? 'the n8n administrator allows it with N8N_SSRF_ALLOWED_HOSTNAMES (its host name) or N8N_SSRF_ALLOWED_IP_RANGES (its addresses)' : list}.`,
	};
}
