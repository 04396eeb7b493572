// What a node's run gets of n8n beyond n8n-workflow's types (README.md).
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** Whether the node runs as an AI tool (AI Agent, MCP Server Trigger, n8n's agents): isToolExecution() where it answers true, else the type n8n makes of a usableAsTool node (its name + "Tool"). */
export function runsAsTool(context: IExecuteFunctions): boolean {
	return context.isToolExecution?.() === true || context.getNode().type.endsWith('Tool');
}

/** The displayOptions key n8n sets true on the tool it makes of the node (a type named …Tool). */
export const TOOL_KEY = '@tool';

/** A Luxon DateTime, as n8n passes a date (`$now`, a Date & Time field), as a Date or ISO text; anything else as it is. */
export function fromLuxon(value: unknown): unknown {
	if (!value || typeof value !== 'object' || value instanceof Date) return value;
	const candidate = value as { toJSDate?: () => Date; toISO?: () => string };
	if (typeof candidate.toJSDate === 'function') return candidate.toJSDate();
	if (typeof candidate.toISO === 'function') return candidate.toISO();
	return value;
}

/** The field that sends a failed item to the error output, where the node has one (On Error → Continue (using error output)). */
export function errorOutputField(
	context: IExecuteFunctions,
	error: () => NonNullable<INodeExecutionData['error']>,
): Pick<INodeExecutionData, 'error'> {
	return context.getNode().onError === 'continueErrorOutput' ? { error: error() } : {};
}
