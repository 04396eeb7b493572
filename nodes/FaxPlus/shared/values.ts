import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * A whole number of `minimum` or more (a numeric string is read as a number); the fallback, when
 * given, for an empty value; otherwise an error naming the field.
 */
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
		throw new NodeOperationError(
			context.getNode(),
			`${label} must be a whole number of ${least}, not "${String(value)}"`,
			{ itemIndex },
		);
	}
	return number;
}
