// How an operation's properties show: only for it (n8n's updateDisplayOptions), and on its tool.
import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { agentMayRunProperty } from './agentAccess';
import type { AgentRisk } from './types';
import { TOOL_KEY } from '../../shared/n8n/toolRun';

/** Custom API Call's value, in every resource's operation list and in the resource list. */
export const CUSTOM_API_CALL = 'customApiCall';

/** n8n's own (packages/nodes-base/utils/utilities.ts, not exported): shows properties where `displayOptions` says, under their own conditions too. */
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

/**
 * What the tool n8n makes of an operation shows: the Tool Description an agent reads (with it, n8n
 * adds no bare "Get a fax" of its own) and, for an operation with a risk, the author's opt-in.
 */
export function toolFields(
	option: INodePropertyOptions,
	{ toolDescription, agentRisk }: { toolDescription?: string; agentRisk?: AgentRisk } = {},
): INodeProperties[] {
	const text =
		toolDescription ??
		`${option.action} in Fax.Plus: ${option.description}. Returns what Fax.Plus answers, as JSON.`;
	return [
		{
			displayName: 'Tool Description',
			name: 'toolDescription',
			type: 'string',
			typeOptions: { rows: 4 },
			default: text,
			required: true,
			description:
				'What an AI agent reads about this tool: what it does, what it needs and what it returns',
			displayOptions: { show: { [TOOL_KEY]: [true] } },
		},
		...agentMayRunProperty(option, agentRisk),
	];
}
