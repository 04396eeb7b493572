// An answer as output items, and the items of a plain GET or DELETE.
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { apiGet, apiRequest } from './requests';
import { camelCaseOf, isoTime, isTimeField } from '../../shared/api/dates';

export function toItems(data: object | object[]): INodeExecutionData[] {
	return (Array.isArray(data) ? data : [data]).map((json) => ({ json: json as IDataObject }));
}

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

/** The dates of a personal access token's information, in epoch milliseconds. */
export const TOKEN_TIMES = ['created_date', 'expiration_date', 'last_used'];

/**
 * A record with each of Fax.Plus's time fields in ISO 8601 UTC under its camelCase name (those
 * named in `millisecondFields` read as epoch milliseconds), the rest as it came.
 */
export function withIsoTimes(record: IDataObject, millisecondFields: string[] = []): IDataObject {
	return Object.fromEntries(
		Object.entries(record).map(([name, value]) =>
			millisecondFields.includes(name)
				? [camelCaseOf(name), isoTime(value, 'milliseconds')]
				: isTimeField(name)
					? [camelCaseOf(name), isoTime(value)]
					: [name, value],
		),
	) as IDataObject;
}
