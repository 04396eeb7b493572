// Whether the node runs as an AI tool, which decides the tool's defaults and refusals (agentAccess.ts).
// n8n makes a tool of a usableAsTool node as another node type, its name + "Tool"
// (n8n-nodes-faxplus.faxPlusTool), and runs that type for the AI Agent, the MCP Server Trigger and
// n8n's agents. Read on n8n 1.123.81 and 2.0.3 (load-nodes-and-credentials) and 2.41.1 (node-types'
// synthetic tools, the agents' resolveToolNodeType). Elsewhere, a release that ran the plain type as
// a tool would run it with the workflow node's defaults, its operations unrefused.
import type { IExecuteFunctions } from 'n8n-workflow';

/** Whether the node runs as the tool n8n makes of it (AI Agent, MCP Server Trigger). */
export function runsAsTool(context: IExecuteFunctions): boolean {
	return context.getNode().type.endsWith('Tool');
}
