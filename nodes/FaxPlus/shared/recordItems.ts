// Fax.Plus's records as items (their times as withIsoTimes() writes them), and the items of a plain
// GET or DELETE, or of an answer that may be empty.
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { apiGet, apiRequest } from './requests';
import { toItems, withIsoTimes } from './items';

/** Fax.Plus's records as items, each time in ISO 8601 UTC under its camelCase name (withIsoTimes). */
export function recordItems(records: object | object[], millisecondFields?: string[]) {
	return toItems(
		(Array.isArray(records) ? records : [records]).map((record) =>
			withIsoTimes(record as IDataObject, millisecondFields),
		),
	);
}

/** GETs one answer from `path` as its item (an empty answer: an empty item); `millisecondFields` as recordItems reads them. */
export async function getItem(
	context: IExecuteFunctions,
	path: string,
	itemIndex: number,
	millisecondFields?: string[],
) {
	const answer = await apiGet<object | undefined>(context, path, itemIndex);
	return recordItems(answer ?? {}, millisecondFields);
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
	return hasContent ? recordItems(answer) : toItems(whatHappened);
}
