// Whether the node runs as an AI tool, which decides the tool's defaults and refusals (agentAccess.ts).
// n8n's own answer, isToolExecution(), where a release has one (2.41.1; not 2.0.3 nor 1.123.81):
// true in the context n8n builds for an ai_tool connection (SupplyDataContext), but its
// ExecuteContext answers false also when the AI Agent has a tool node run through engine requests
// (requests-response.js) or n8n's agents run one (ephemeral-node-executor). There the type tells:
// n8n makes a tool of a usableAsTool node as another node type, its name + "Tool"
// (n8n-nodes-faxplus.faxPlusTool), on 1.123.81 and 2.0.3 (load-nodes-and-credentials) and 2.41.1
// (node-types' synthetic tools; the agents' resolveToolNodeType picks it). Elsewhere, a release that
// ran the plain type as a tool without saying so would run it with the workflow node's defaults.
import type { IExecuteFunctions } from 'n8n-workflow';

/** Whether the node runs as an AI tool (AI Agent, MCP Server Trigger, n8n's agents). */
export function runsAsTool(context: IExecuteFunctions): boolean {
	return context.isToolExecution?.() === true || context.getNode().type.endsWith('Tool');
}

/** The displayOptions key n8n sets true on the tool it makes of the node (a type named …Tool). */
export const TOOL_KEY = '@tool';
