// What a tool may run: reading always; spending, deleting or changing on the author's opt-in.
import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { AgentRisk, FaxPlusOperation } from './types';
import { docsLink } from './parameters';
import { operationError } from '../../shared/transport/nodeErrors';
import { TOOL_KEY } from '../../shared/n8n/toolRun';

const AGENT_MAY_RUN = 'agentMayRun';
const AGENT_MAY_RUN_NAME = 'Let an AI Agent Run This';

const RISK_TEXT: Record<AgentRisk['kind'], string> = {
	spends: 'spends money or AI credits',
	deletes: 'deletes, and cannot be undone',
	changes: 'changes your Fax.Plus account or its data',
};

/** The same, in the few words the switch's description has room for. */
const RISK_WORDS: Record<AgentRisk['kind'], string> = {
	spends: 'spends money or credits',
	deletes: 'cannot be undone',
	changes: 'changes your data',
};

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The switch shown on the tool of an operation that has an `agentRisk`; off by default. */
export function agentMayRunProperty(
	option: INodePropertyOptions,
	agentRisk: AgentRisk | undefined,
): INodeProperties[] {
	if (!agentRisk) return [];
	const action = lowerFirst(String(option.action ?? option.name));
	return [
		{
			displayName: AGENT_MAY_RUN_NAME,
			name: AGENT_MAY_RUN,
			type: 'boolean',
			default: false,
			description: `Whether an AI agent may ${action} (${RISK_WORDS[agentRisk.kind]}${agentRisk.when ? ` ${agentRisk.whenText}` : ''}); turn on only where a person ${docsLink('security.md#what-an-ai-agent-may-do-with-the-tools', 'approves each call')}`,
			displayOptions: { show: { [TOOL_KEY]: [true] } },
		},
	];
}

/** Refuses, before any request, a tool call of an operation the author has not let agents run. */
export function refuseUnlessAgentMayRun(
	context: IExecuteFunctions,
	itemIndex: number,
	{ agentRisk, option }: FaxPlusOperation,
): void {
	if (!agentRisk) return;
	if (agentRisk.when && !agentRisk.when(context, itemIndex)) return;
	if (context.getNodeParameter(AGENT_MAY_RUN, itemIndex, false) === true) return;
	throw operationError(context, {
		itemIndex,
		message: `This tool may not ${lowerFirst(String(option.action ?? option.name))} for an AI agent: "${AGENT_MAY_RUN_NAME}" is off`,
		description: `It ${RISK_TEXT[agentRisk.kind]}, so an agent may run it only when the workflow's author turns on "${AGENT_MAY_RUN_NAME}" in this tool's parameters. Ask a person to do it instead.`,
	});
}
