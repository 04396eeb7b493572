// How an operation's properties show: only for it (updateDisplayOptions, as n8n's), with links to
// the package's docs; and what an operation risks for an AI agent (AgentRisk: asTool.ts enforces it).
import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** Words of a description linked to a page of the package's docs/, which says more. */
export const docsLink = (page: string, words: string) =>
	`<a href="https://github.com/n8n-nodes-faxplus/n8n-nodes-faxplus/blob/main/docs/${page}" target="_blank">${words}</a>`;

/**
 * Shows properties where `displayOptions` says, under their own conditions too: n8n's function
 * (packages/nodes-base/utils/utilities.ts, not exported) but for how the two merge. n8n's merges
 * them deeply (lodash merge: the operation's keys win, arrays merge by index); this one keeps
 * the property's own `show` conditions where both name a key, and takes the operation's other
 * keys (`hide`) whole. The descriptions here come out the same: no property names `resource` or
 * `operation`, nor has a `hide` where its operation has one.
 */
export function updateDisplayOptions(
	displayOptions: IDisplayOptions,
	properties: INodeProperties[],
): INodeProperties[] {
	return properties.map((property) => {
		const { show, ...rest } = property.displayOptions ?? {};
		return {
			...property,
			displayOptions: { ...rest, ...displayOptions, show: { ...displayOptions.show, ...show } },
		};
	});
}

/** Why an agent may not run an operation unless allowed, and, if only sometimes, when. */
export interface AgentRisk {
	kind: 'spends' | 'deletes' | 'changes';
	/** Only when this is true for the item (e.g. an option that requests paid work is on). */
	when?: (context: IExecuteFunctions, itemIndex: number) => boolean;
	/** When, in words, for the switch's description (with `when`). */
	whenText?: string;
}
