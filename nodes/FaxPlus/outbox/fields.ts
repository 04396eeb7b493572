import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../shared/descriptions';

/** The `outboxFaxId` parameter of one outbox operation. */
export function outboxFaxIdField(operation: string, description: string): INodeProperties {
	return {
		displayName: 'Outbox Fax ID',
		name: 'outboxFaxId',
		type: 'string',
		default: '',
		required: true,
		description,
		displayOptions: showFor('outbox', operation),
	};
}
