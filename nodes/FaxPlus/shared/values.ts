// How an item's values are read: each reader checks one parameter and refuses a bad value with an
// error naming the field and the fix, before any request. A date's reader: dateTimeValue.ts.
import type { IExecuteFunctions } from 'n8n-workflow';
import { operationError } from '../../shared/transport/nodeErrors';
import { FOR_MEMBER } from './parameters';

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

/** The item's user: `self`, or User, read only when shown (a stale value is never used). */
export function userIdOf(context: IExecuteFunctions, itemIndex: number): string {
	if (context.getNodeParameter(FOR_MEMBER, itemIndex, false) !== true) return 'self';
	return requiredString(context, 'userId', 'User ID', itemIndex);
}

/** Entries of a list (an expression's) or of one string split at `separator`: trimmed, without empty ones or duplicates. */
export function listOf(value: unknown, separator: string | RegExp = ','): string[] {
	const entries = Array.isArray(value) ? value : String(value ?? '').split(separator);
	return [...new Set(entries.map((entry) => String(entry ?? '').trim()).filter(Boolean))];
}

/** IDs from a list or one string separated by commas, spaces or new lines (see listOf). */
export const idList = (value: unknown): string[] => listOf(value, /[\s,]+/);

/** A locator's value; a plain value (an expression's, a tool's) is itself. */
export function locatorValue(value: unknown): unknown {
	if (value !== null && typeof value === 'object' && 'value' in value && 'mode' in value)
		return value.value;
	return value;
}

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
