// What a node's run gets of n8n beyond n8n-workflow's types (README.md).
import type {
	IExecuteFunctions,
	INodeExecutionData,
	IWorkflowExecutionCustomData,
} from 'n8n-workflow';

/** Whether the node runs as an AI tool (AI Agent, MCP Server Trigger, n8n's agents): isToolExecution() where it answers true, else the type n8n makes of a usableAsTool node (its name + "Tool"). */
export function runsAsTool(context: IExecuteFunctions): boolean {
	return context.isToolExecution?.() === true || context.getNode().type.endsWith('Tool');
}

/** The displayOptions key n8n sets true on the tool it makes of the node (a type named …Tool). */
export const TOOL_KEY = '@tool';

/** The execution's custom data, or undefined where this context has none (then none is saved and the run goes on). */
export function executionCustomData(context: IExecuteFunctions) {
	try {
		const direct = (context as { customData?: IWorkflowExecutionCustomData }).customData;
		if (direct && typeof direct.set === 'function') return direct;
	} catch {
		// n8n 2.x throws when the context has no run data.
	}
	try {
		const proxy = context.getWorkflowDataProxy(0) as {
			$execution?: { customData?: IWorkflowExecutionCustomData };
		};
		const viaProxy = proxy?.$execution?.customData;
		if (viaProxy && typeof viaProxy.set === 'function') return viaProxy;
	} catch {
		// No custom data in this context.
	}
	return undefined;
}

/** A call of the processed-data store, once more after two processes' first writes of a record collided: it then reads the other's. */
export async function afterFirstWriteCollision<T>(call: () => Promise<T>): Promise<T> {
	return await call().catch(call);
}

/** Whether n8n refused a record because another node keeps it in another mode. */
export const isModeConflict = (message: string): boolean => /incompatible setting/i.test(message);

/** Whether a failed write is the collision of two first writes: Postgres's, SQLite's or MySQL's words. */
export const isFirstWriteCollision = (message: string): boolean =>
	/duplicate key|unique constraint|duplicate entry/i.test(message);

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
