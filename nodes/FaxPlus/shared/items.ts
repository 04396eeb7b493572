import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { FOR_MEMBER, locatorValue } from './locators';
import { operationError } from '../../shared/transport/nodeErrors';
import { faxPlusApiRequest } from '../../shared/transport/transport';

export function toItems(data: object | object[]): INodeExecutionData[] {
	return (Array.isArray(data) ? data : [data]).map((json) => ({ json: json as IDataObject }));
}

/** GETs one answer from `path` as its item (an empty answer: an empty item). */
export async function getItem(context: IExecuteFunctions, path: string, itemIndex: number) {
	const request = { method: 'GET' as const, path, itemIndex };
	return toItems((await faxPlusApiRequest<object | undefined>(context, request)) ?? {});
}

/** The API's answer, or one item saying what happened (an empty answer must not stop the flow). */
export function answerOr(answer: object | undefined, whatHappened: object): INodeExecutionData[] {
	const hasContent =
		answer !== null && typeof answer === 'object' && Object.keys(answer).length > 0;
	return toItems(hasContent ? answer : whatHappened);
}

/** A required string parameter (or a locator's value), trimmed, refused when empty or longer than an ID or name. */
export function requiredString(
	context: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
): string {
	let raw = context.getNodeParameter(name, itemIndex, '') as unknown;
	if (locatorValue(raw) !== raw)
		raw = context.getNodeParameter(name, itemIndex, '', { extractValue: true });
	const value = String(locatorValue(raw) ?? '').trim();
	if (!value || value.length > 1000) {
		throw operationError(context, {
			itemIndex,
			message: value ? `${label} has ${value.length} characters` : `${label} is required`,
			description: `Set the "${label}" parameter to ${value ? 'at most 1,000 characters' : 'a value'} (check what an expression resolves to).`,
		});
	}
	return value;
}

/** An Update Fields text that may not be empty, trimmed; undefined when the field was not added. */
export function updateText(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
	name: string,
	label: string,
): string | undefined {
	if (fields[name] === undefined) return undefined;
	const value = String(fields[name] ?? '').trim();
	if (value) return value;
	throw operationError(context, {
		itemIndex,
		message: `${label} cannot be empty`,
		description: `Enter the new ${label.toLowerCase()} under "Update Fields", or remove the "${label}" field.`,
	});
}

/** The update's changes, refused before any request when there are none; `fields` names what may be added. */
export function nonEmptyUpdate<T extends object>(
	context: IExecuteFunctions,
	itemIndex: number,
	changes: T,
	fields: string,
): T {
	if (Object.keys(changes).length > 0) return changes;
	throw operationError(context, {
		itemIndex,
		message: `Nothing to update: add ${fields} under "Update Fields"`,
		description: 'Fax.Plus changes only the fields that are sent; add at least one of them.',
	});
}

/** The item's user: `self`, or User, read only when shown (a stale value is never used). */
export function userIdOf(context: IExecuteFunctions, itemIndex: number): string {
	if (context.getNodeParameter(FOR_MEMBER, itemIndex, false) !== true) return 'self';
	return requiredString(context, 'userId', 'User ID', itemIndex);
}
