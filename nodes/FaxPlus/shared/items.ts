// Output items: an answer as items (toItems()), a record's times in ISO 8601 UTC (withIsoTimes()).
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { camelCaseOf, isoTime, isTimeField } from '../../shared/api/dates';

export function toItems(data: object | object[]): INodeExecutionData[] {
	return (Array.isArray(data) ? data : [data]).map((json) => ({ json: json as IDataObject }));
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
