import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../shared/descriptions';
import { resourceLocator } from '../shared/locators';
import type { SimplifiedShape } from '../shared/output';

/** The `outboxFaxId` parameter of one outbox operation: a fax waiting in the chosen user's outbox. */
export function outboxFaxIdField(operation: string, description: string): INodeProperties {
	return resourceLocator({
		displayName: 'Outbox Fax',
		name: 'outboxFaxId',
		description: `${description}: the outbox ID that Fax → Send answered (per destination), or one from Outbox → Get Many; a fax leaves the outbox once sent`,
		displayOptions: showFor('outbox', operation),
		searchListMethod: 'searchOutboxFaxes',
		listPlaceholder: 'Select a fax in the outbox...',
		idPlaceholder: 'e.g. 2b9c4f1a7d3e',
		dependsOn: ['userId.value'],
	});
}

/** What Output → Simplified keeps of an outbox record (the comment as its text). */
export const SIMPLIFIED_OUTBOX_FAX: SimplifiedShape = {
	fields: [
		'id',
		'status',
		'src',
		'to',
		'page_count',
		'comment',
		'send_time',
		'submit_time',
		'last_updated_status_time',
	],
	flatten: { comment: 'text' },
};
