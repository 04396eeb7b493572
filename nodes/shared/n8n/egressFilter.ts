// n8n's egress filter as each release gives it to a node, beyond n8n-workflow's types (README.md).
import type { IExecuteFunctions, NodeEgressFilter } from 'n8n-workflow';

/** In n8n's default blocked ranges on every release: a filter that passes it enforces nothing. */
const CANARY = 'http://169.254.169.254/';

export interface N8nEgress {
	/** n8n's filter under the 'enforced' policy where the release has policies. */
	filter: NodeEgressFilter;
	/** Whether the filter applies n8n's blocked ranges and allow lists. */
	enforcing: boolean;
	/** Whether n8n's own httpRequest would connect to this address, written as a URL host. */
	connectable(host: string): Promise<boolean>;
}

const usable = (filter?: NodeEgressFilter) =>
	typeof filter?.createSecureLookup === 'function' && typeof filter.validateUrl === 'function'
		? filter
		: undefined;

/** The egress filter this n8n gives the node, or undefined where it gives none. */
export async function n8nEgress(context: IExecuteFunctions): Promise<N8nEgress | undefined> {
	const { getSecureEgressFilter } = context.helpers as Partial<IExecuteFunctions['helpers']>;
	if (typeof getSecureEgressFilter !== 'function') return undefined;
	const enforced = usable(getSecureEgressFilter('enforced'));
	if (!enforced) return undefined;
	const safe = usable(getSecureEgressFilter('safe'));
	return {
		filter: enforced,
		enforcing: !(await enforced.validateUrl(CANARY)).ok,
		connectable: async (host) => !safe || (await safe.validateUrl(`http://${host}/`)).ok,
	};
}

/** The ranges n8n's egress filter blocks unless the instance sets others (@n8n/config's SSRF_DEFAULT_BLOCKED_IP_RANGES). */
export const N8N_DEFAULT_BLOCKED_RANGES: readonly string[] = [
	'10.0.0.0/8',
	'172.16.0.0/12',
	'192.168.0.0/16',
	'127.0.0.0/8',
	'::1/128',
	'169.254.0.0/16',
	'fe80::/10',
	'fc00::/7',
	'fd00::/8',
	'0.0.0.0/8',
	'192.0.0.0/24',
	'192.0.2.0/24',
	'198.18.0.0/15',
	'198.51.100.0/24',
	'203.0.113.0/24',
];
