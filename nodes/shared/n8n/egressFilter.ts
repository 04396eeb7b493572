// n8n's egress filter as each release hands it to nodes: the one place the package relies on what
// n8n-workflow's types do not promise alike everywhere. Checked on the source of n8n-core:
// - n8n 1.x and 2.x before 2.30 (1.123.81, 2.0.3, 2.20.12, 2.27.5): no getSecureEgressFilter.
// - 2.30 to 2.37.5 (n8n-core 2.30.0 to 2.37.2; 2.30.8 run): the policy argument is ignored; the
//   instance's filter only with N8N_SSRF_PROTECTION_ENABLED=true, else undefined.
// - 2.37.10 and 2.38 (n8n-core 2.37.5, 2.38.1, 2.38.2): as 2.30, but a filter that passes
//   everything instead of undefined.
// - 2.39 to 2.41 (2.39.10, 2.40.7, 2.41.1): 'enforced' applies n8n's lists whatever the setting.
import type { IExecuteFunctions, NodeEgressFilter } from 'n8n-workflow';

/** In n8n's default blocked ranges on every release above: a filter that passes it enforces nothing. */
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
