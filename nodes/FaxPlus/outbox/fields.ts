import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../shared/descriptions';
import { resourceLocator } from '../shared/locators';
import { wholeNumber } from '../shared/values';

/** The `outboxFaxId` parameter of one outbox operation: a fax waiting in the chosen user's outbox. */
export function outboxFaxIdField(operation: string, description: string): INodeProperties {
	return resourceLocator({
		displayName: 'Outbox Fax',
		name: 'outboxFaxId',
		description,
		displayOptions: showFor('outbox', operation),
		searchListMethod: 'searchOutboxFaxes',
		listPlaceholder: 'Select a fax in the outbox...',
		idPlaceholder: 'e.g. 2b9c4f1a7d3e',
		dependsOn: ['userId.value'],
	});
}

/** Retry settings of a fax, shared by Send (options) and Outbox Update (update fields). */
export const retryFields: INodeProperties[] = [
	{
		displayName: 'Retry Count',
		name: 'retryCount',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'How many times Fax.Plus tries again when sending fails',
	},
	{
		displayName: 'Retry Delay (Seconds)',
		name: 'retryDelay',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'Seconds between two tries',
	},
];

/** The `retry` object of an outbox body from those fields; undefined when neither is set. */
export function retryOf(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
): { count?: number; delay?: number } | undefined {
	const retry: { count?: number; delay?: number } = {};
	if (fields.retryCount !== undefined) retry.count = wholeNumber(context, itemIndex, fields.retryCount, 'Retry Count');
	if (fields.retryDelay !== undefined) {
		retry.delay = wholeNumber(context, itemIndex, fields.retryDelay, 'Retry Delay (Seconds)');
	}
	return Object.keys(retry).length > 0 ? retry : undefined;
}
