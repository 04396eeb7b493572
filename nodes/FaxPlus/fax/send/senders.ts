// Send's From: the account's numbers (Fax.Plus picks one per destination), or `no_number`.
import type { IExecuteFunctions } from 'n8n-workflow';
import { readPhoneNumbers } from '../../../shared/phone/numbers';
import type { ListSearchMethod } from '../../shared/types';
import { numbersOfUser } from '../../shared/search';
import { operationError } from '../../../shared/transport/nodeErrors';
import { NO_NUMBER } from './constants';

export const searchSenderNumbers: ListSearchMethod = async function (filter) {
	return await numbersOfUser(this, 'self', filter);
};

/** The `from` to send, checked: `no_number`, or E.164 numbers joined by commas. */
export function senderOf(context: IExecuteFunctions, itemIndex: number): string {
	const value = String(
		context.getNodeParameter('from', itemIndex, '', { extractValue: true }) ?? '',
	).trim();
	const hint = `Pick one of the account's fax numbers, enter one or several separated by commas (e.g. +15551230001, +15551230002), or ${NO_NUMBER} for a corporate member without an assigned number.`;
	if (!value) {
		throw operationError(context, {
			itemIndex,
			message: 'From is required',
			description: `${hint} (An expression may have resolved to an empty value.)`,
		});
	}
	if (value === NO_NUMBER) return value;
	const entries = value.split(',').map((entry) => entry.trim());
	if (entries.includes(NO_NUMBER)) {
		throw operationError(context, {
			itemIndex,
			message: `From: ${NO_NUMBER} cannot be combined with numbers`,
			description: `Use ${NO_NUMBER} alone (a corporate member without an assigned number), or list numbers only.`,
		});
	}
	const result = readPhoneNumbers(entries);
	if (!result.ok) {
		throw operationError(context, {
			itemIndex,
			message: `From: "${result.invalid}" ${result.reason}`,
			description: hint,
		});
	}
	return result.numbers.join(',');
}
