// How an operation's properties show: only for it (updateDisplayOptions, as n8n's), and on its tool;
// what a tool may run: reading always; spending, deleting or changing on the author's opt-in.
import type {
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { operationError } from '../../shared/transport/nodeErrors';
import { TOOL_KEY } from '../../shared/n8n/executeContext';

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
		...(agentRisk
			? [
					{
						displayName: AGENT_MAY_RUN_NAME,
						name: AGENT_MAY_RUN,
						type: 'boolean' as const,
						default: false,
						description: `Whether an AI agent may ${actionOf(option)} (${RISKS[agentRisk.kind].words}${agentRisk.when ? ` ${agentRisk.whenText}` : ''}); turn on only where a person ${docsLink('security.md#what-an-ai-agent-may-do-with-the-tools', 'approves each call')}`,
						displayOptions: { show: { [TOOL_KEY]: [true] } },
					},
				]
			: []),
	];
}

/** Why an agent may not run an operation unless allowed, and, if only sometimes, when. */
export interface AgentRisk {
	kind: 'spends' | 'deletes' | 'changes';
	/** Only when this is true for the item (e.g. an option that requests paid work is on). */
	when?: (context: IExecuteFunctions, itemIndex: number) => boolean;
	/** When, in words, for the switch's description (with `when`). */
	whenText?: string;
}

const AGENT_MAY_RUN = 'agentMayRun';
const AGENT_MAY_RUN_NAME = 'Let an AI Agent Run This';

/** Each risk as a refusal says it, and in the few words the switch's description has room for. */
const RISKS: Record<AgentRisk['kind'], { text: string; words: string }> = {
	spends: { text: 'spends money or AI credits', words: 'spends money or credits' },
	deletes: { text: 'deletes, and cannot be undone', words: 'cannot be undone' },
	changes: { text: 'changes your Fax.Plus account or its data', words: 'changes your data' },
};

/** "Get a fax" → "get a fax". */
const actionOf = (option: INodePropertyOptions) => {
	const action = String(option.action ?? option.name);
	return action.charAt(0).toLowerCase() + action.slice(1);
};

export function refuseUnlessAgentMayRun(
	context: IExecuteFunctions,
	itemIndex: number,
	{ agentRisk, option }: { agentRisk?: AgentRisk; option: INodePropertyOptions },
): void {
	if (!agentRisk) return;
	if (agentRisk.when && !agentRisk.when(context, itemIndex)) return;
	if (context.getNodeParameter(AGENT_MAY_RUN, itemIndex, false) === true) return;
	throw operationError(context, {
		itemIndex,
		message: `This tool may not ${actionOf(option)} for an AI agent: "${AGENT_MAY_RUN_NAME}" is off`,
		description: `It ${RISKS[agentRisk.kind].text}, so an agent may run it only when the workflow's author turns on "${AGENT_MAY_RUN_NAME}" in this tool's parameters. Ask a person to do it instead.`,
	});
}
