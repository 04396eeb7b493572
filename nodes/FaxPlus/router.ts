import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { resources } from './resources';

/** Runs the chosen operation once per input item. */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const output: INodeExecutionData[] = [];

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const pairedItem = { item: itemIndex };
		try {
			const resource = this.getNodeParameter('resource', itemIndex) as string;
			const operation = this.getNodeParameter('operation', itemIndex) as string;
			const handler = resources[resource]?.operations[operation];
			if (!handler) {
				throw new NodeOperationError(
					this.getNode(),
					`The operation "${operation}" is not known for the resource "${resource}"`,
					{ itemIndex },
				);
			}
			const results = await handler.execute.call(this, itemIndex);
			for (const result of results) output.push({ ...result, pairedItem });
		} catch (error) {
			if (this.continueOnFail()) {
				output.push({ json: { error: error.message, ...errorDetails(error) }, pairedItem });
				continue;
			}
			throw asNodeError(this, error, itemIndex);
		}
	}
	return [output];
}

function errorDetails(error: any): Record<string, string> {
	const details: Record<string, string> = {};
	if (error?.description) details.description = String(error.description);
	if (error?.httpCode) details.httpCode = String(error.httpCode);
	return details;
}

/** Keeps our own clear errors; wraps anything else so n8n shows which item failed. */
function asNodeError(context: IExecuteFunctions, error: any, itemIndex: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}
