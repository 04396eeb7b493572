// An answer as output items, and the items of a plain GET or DELETE.
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { apiRequest } from './requests';

export function toItems(data: object | object[]): INodeExecutionData[] {
	return (Array.isArray(data) ? data : [data]).map((json) => ({ json: json as IDataObject }));
}

/** GETs one answer from `path` as its item (an empty answer: an empty item). */
export async function getItem(context: IExecuteFunctions, path: string, itemIndex: number) {
	const request = { method: 'GET' as const, path, itemIndex };
	return toItems((await apiRequest<object | undefined>(context, request)) ?? {});
}

/** DELETEs `path`; Fax.Plus answers nothing (204), so the item says what was deleted. */
export async function deleteItem(
	context: IExecuteFunctions,
	path: string,
	itemIndex: number,
	deleted: IDataObject,
) {
	await apiRequest(context, { method: 'DELETE', path, itemIndex });
	return toItems({ deleted: true, ...deleted });
}

/** The API's answer, or one item saying what happened (an empty answer must not stop the flow). */
export function answerOr(answer: object | undefined, whatHappened: object): INodeExecutionData[] {
	const hasContent =
		answer !== null && typeof answer === 'object' && Object.keys(answer).length > 0;
	return toItems(hasContent ? answer : whatHappened);
}
