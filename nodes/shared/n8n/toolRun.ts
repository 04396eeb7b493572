// Whether the node runs as an AI tool: n8n's isToolExecution() where it answers true, else the
// type n8n makes of a usableAsTool node (its name + "Tool"); and n8n's displayOptions key for it.
import type { IExecuteFunctions } from 'n8n-workflow';

/** Whether the node runs as an AI tool (AI Agent, MCP Server Trigger, n8n's agents). */
export function runsAsTool(context: IExecuteFunctions): boolean {
	return context.isToolExecution?.() === true || context.getNode().type.endsWith('Tool');
}

/** The displayOptions key n8n sets true on the tool it makes of the node (a type named …Tool). */
export const TOOL_KEY = '@tool';
