import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { maskAnswer } from './answers';
import { maskText } from '../logging/mask';

/** The error as a node error pointed at the item. */
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

/** A refusal naming the field and the fix (n8n shows `description` under the message); a value it quotes is cut in its middle, so the field's name before it and the reason after it stay. */
export function operationError(
	context: { getNode(): INode },
	{ message, ...options }: { message: string; itemIndex?: number; description?: string },
): NodeOperationError {
	const cut = message.length > 1000 ? `${message.slice(0, 699)}…${message.slice(-300)}` : message;
	return new NodeOperationError(context.getNode(), cut, options);
}

/** A failed request's error: ours kept, anything else a NodeApiError. */
export function requestErrorOf(
	context: { getNode(): INode },
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	const ours = error instanceof NodeApiError || error instanceof NodeOperationError;
	const wrapped = ours ? error : new NodeApiError(context.getNode(), error as JsonObject);
	return nodeErrorOf(context, wrapped, itemIndex);
}

/** The error with the credential's secrets masked everywhere n8n shows it. */
export function maskError(error: NodeApiError | NodeOperationError, secrets: string[]) {
	error.message = maskText(error.message, secrets);
	error.description &&= maskText(error.description, secrets);
	if (Array.isArray(error.messages))
		error.messages = error.messages.map((text) =>
			typeof text === 'string' ? maskText(text, secrets) : text,
		);
	if (error.errorResponse) maskAnswer(error.errorResponse, secrets);
	return error;
}
