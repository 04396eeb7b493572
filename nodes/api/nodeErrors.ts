import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { maskAnswer } from './answers';
import { maskText } from '../logging/mask';

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

/**
 * A failed request's error as a node error: this package's node errors are kept (their item set
 * when they have none); anything else becomes a NodeApiError, which reads the status and body the
 * request failed with. n8n's own NodeApiError is such an error where n8n loads its own n8n-workflow.
 */
export function requestErrorOf(
	context: { getNode(): INode },
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	const ours = error instanceof NodeApiError || error instanceof NodeOperationError;
	const wrapped = ours ? error : new NodeApiError(context.getNode(), error as JsonObject);
	return nodeErrorOf(context, wrapped, itemIndex);
}

/**
 * The error with the credential's secrets masked in every text n8n shows, stores or logs of it
 * (message, description, and the API's answer kept beside them): the other side may echo them.
 */
export function maskError<T>(error: T, secrets: string[]): T {
	if (!(error instanceof Error)) return error;
	const texts = error as unknown as Record<string, unknown>;
	for (const key of ['message', 'description']) {
		if (typeof texts[key] === 'string') texts[key] = maskText(texts[key] as string, secrets);
	}
	const messages = (error as { messages?: unknown }).messages;
	if (Array.isArray(messages))
		messages.forEach((text, index) => {
			if (typeof text === 'string') messages[index] = maskText(text, secrets);
		});
	const { errorResponse } = error as { errorResponse?: unknown };
	if (errorResponse && typeof errorResponse === 'object') maskAnswer(errorResponse, secrets);
	return error;
}
