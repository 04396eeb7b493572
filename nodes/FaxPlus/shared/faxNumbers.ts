// An item's fax numbers, read as libphonenumber reads them (nodes/shared/phone/); apart from
// values.ts so that only the operations that take numbers load the phone table.
import type { IExecuteFunctions } from 'n8n-workflow';
import { readPhoneNumbers } from '../../shared/phone/numbers';
import { operationError } from '../../shared/transport/nodeErrors';

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
