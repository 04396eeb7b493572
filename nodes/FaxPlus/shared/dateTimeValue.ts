// A date parameter read as an instant, in the workflow's time zone where it names none.
import type { IExecuteFunctions } from 'n8n-workflow';
import { operationError } from '../../shared/transport/nodeErrors';
import { parseDateTime } from '../../shared/api/dates';
import { fromLuxon } from '../../shared/n8n/executeContext';

export function dateTimeValue(
	context: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
): Date | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		return undefined;
	const date = parseDateTime(fromLuxon(value), context.getTimezone());
	if (date) return date;
	throw operationError(context, {
		itemIndex,
		message: `${label} is not a date and time: "${String(value)}"`,
		description: `Pick a date in "${label}", or use an ISO 8601 value such as 2030-01-15T09:00:00Z (a value without a zone is read in the workflow's time zone).`,
	});
}
