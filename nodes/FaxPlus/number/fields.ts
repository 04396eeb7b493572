// A fax number in the Number resource's operations: its picker, its value, its Simplified shape.
import type { SimplifiedShape } from '../shared/output';
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readPhoneNumbers } from '../../shared/phone/numbers';
import { resourceLocator, USER_DEPENDENCY } from '../shared/parameters';
import { requiredString } from '../shared/values';
import { operationError } from '../../shared/transport/nodeErrors';

export function faxNumberField(description: string): INodeProperties {
	return resourceLocator({
		displayName: 'Number',
		name: 'number',
		description,
		searchListMethod: 'searchNumbers',
		dependsOn: USER_DEPENDENCY,
	});
}

export function faxNumberOf(context: IExecuteFunctions, itemIndex: number): string {
	const value = requiredString(context, 'number', 'Number', itemIndex);
	const result = readPhoneNumbers(value);
	if (!result.ok || result.numbers.length !== 1) {
		throw operationError(context, {
			itemIndex,
			message: `Number: "${value}" ${result.ok ? 'is not one fax number in E.164 format' : result.reason}`,
			description:
				'Enter one of the account\'s numbers with "+" and the country code, e.g. +15551230001.',
		});
	}
	return result.numbers[0];
}

/** What Output → Simplified keeps of a number record (assignedTo: the IDs of the users it is assigned to). */
export const SIMPLIFIED_NUMBER: SimplifiedShape = {
	fields: ['id', 'number', 'status', 'assigned_to', 'acquired_date', 'expiration_date'],
};

/** The fields of a number record that Simplified leaves out (Selected Fields offers them too). */
export const RAW_ONLY_NUMBER_FIELDS = ['owner_id', 'is_canceled', 'notifications'];
