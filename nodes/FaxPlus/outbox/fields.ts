import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../shared/descriptions';
import { resourceLocator } from '../shared/locators';

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
