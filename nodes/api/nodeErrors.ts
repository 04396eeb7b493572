import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * The error as n8n's node error, pointed at the item: a NodeApiError or NodeOperationError is
 * kept (its item set when it has none); anything else is wrapped so n8n shows which item failed.
 */
export function nodeErrorOf(
	context: { getNode(): INode },
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}
