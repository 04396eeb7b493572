// n8n's egress filter as each release hands it to nodes, or none (README.md).
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
