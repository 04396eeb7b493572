import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** A whole number of 0 or more (a numeric string is read as a number), or an error naming the field. */
export function wholeNumber(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < 0) {
		throw new NodeOperationError(
			context.getNode(),
			`${label} must be a whole number of 0 or more, not "${String(value)}"`,
			{
				itemIndex,
			},
		);
	}
	return number;
}
