import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readPhoneNumbers } from '../../shared/phone/numbers';
import { carriesMarker, KEY_TAG_PREFIX } from './idempotencyKeyMarker';
import { operationError } from '../../shared/transport/nodeErrors';
import { parseDateTime } from '../../shared/api/dates';
import { fromLuxon } from '../../shared/n8n/executeContext';
import { idList, MAX_RETRY_COUNT } from './parameters';

/** A whole number of `minimum` or more (a numeric string too); `fallback`, if given, for an empty value; else an error naming the field. */
export function wholeNumber(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
	{ minimum = 0, fallback }: { minimum?: number; fallback?: number } = {},
): number {
	if (fallback !== undefined && (value === undefined || value === '')) return fallback;
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < minimum) {
		const least = minimum === 0 ? '0 or more' : `at least ${minimum}`;
		throw operationError(context, {
			itemIndex,
			message: `${label} must be a whole number of ${least}, not "${String(value)}"`,
		});
	}
	return number;
}

/** Fax numbers read into E.164 (a list, or one string separated by commas); an entry without "+" or of an impossible length is refused, naming the field. */
export function e164Numbers(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
): string[] {
	const result = readPhoneNumbers(value as string | string[] | undefined);
	if (result.ok) return result.numbers;
	throw operationError(context, {
		itemIndex,
		message: `${label}: "${result.invalid}" ${result.reason}`,
		description:
			'Enter each number with "+" and its country code, separated by commas, e.g. +15551234567, +4930123456.',
	});
}

/** The IDs of a parameter (see idList); refuses an empty list before any request. */
export function requiredIdList(
	context: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
): string[] {
	const ids = idList(context.getNodeParameter(name, itemIndex, ''));
	if (ids.length > 0) return ids;
	throw operationError(context, {
		itemIndex,
		message: `${label} needs at least one ID`,
		description: `Set "${label}" to one or more IDs separated by commas (an expression may have resolved to an empty value).`,
	});
}

/** One of the choices of an options parameter, which an expression may set to anything. */
export function choiceOf<T extends string>(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	choices: readonly T[],
): T {
	if (choices.includes(value as T)) return value as T;
	throw operationError(context, {
		itemIndex,
		message: `${label} must be one of ${choices.join(', ')}, not "${String(value)}"`,
	});
}

/** A boolean parameter, which an expression may set to something else than true or false. */
export function booleanValue(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
): boolean {
	if (typeof value === 'boolean') return value;
	throw operationError(context, {
		itemIndex,
		message: `${label} must be true or false, not "${String(value)}"`,
	});
}

/** Refuses a comment text given by the user that carries an Idempotency Key marker, naming the field. */
export function refuseMarker(
	context: IExecuteFunctions,
	item: number,
	field: string,
	text: string,
) {
	if (!carriesMarker(text)) return;
	const message = `${field} carries an Idempotency Key marker ("${KEY_TAG_PREFIX}…"), which only Send writes`;
	throw operationError(context, {
		itemIndex: item,
		message,
		description: 'Nothing was sent or changed. Remove the marker from the text.',
	});
}

/** The receiving URL, refused unless it is an http(s) address. */
export function checkUrl(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	label = 'URL',
): string {
	const url = String(value ?? '').trim();
	if (!url) {
		throw operationError(context, {
			itemIndex,
			message: `${label} is required`,
			description: 'Enter the HTTPS address that receives the deliveries.',
		});
	}
	if (!/^https?:\/\/\S+$/i.test(url)) {
		throw operationError(context, {
			itemIndex,
			message: `${label} "${url}" is not an https:// (or http://) address`,
			description:
				'Enter the full address that receives the deliveries, e.g. https://example.com/fax-events.',
		});
	}
	return url;
}

/** A date parameter as an instant; not a date: an error naming the parameter. */
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

/** The `retry` of Retry Count and Retry Delay, checked; undefined when neither is set. */
export function retryOf(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
): { count?: number; delay?: number } | undefined {
	const retry: { count?: number; delay?: number } = {};
	if (fields.retryCount !== undefined) {
		retry.count = wholeNumber(context, itemIndex, fields.retryCount, 'Retry Count');
		if (retry.count > MAX_RETRY_COUNT) {
			throw operationError(context, {
				itemIndex,
				message: `Retry Count must be at most ${MAX_RETRY_COUNT}, not ${retry.count}`,
				description: `Fax.Plus retries a failed fax at most ${MAX_RETRY_COUNT} times.`,
			});
		}
	}
	if (fields.retryDelay !== undefined)
		retry.delay = wholeNumber(context, itemIndex, fields.retryDelay, 'Retry Delay (Seconds)');
	return Object.keys(retry).length > 0 ? retry : undefined;
}
