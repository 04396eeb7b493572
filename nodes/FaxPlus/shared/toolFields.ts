import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { agentMayRunProperty } from './agentAccess';
import type { AgentRisk } from './types';

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
			displayOptions: { show: { '@tool': [true] } },
		},
		...agentMayRunProperty(option, agentRisk),
	];
}
