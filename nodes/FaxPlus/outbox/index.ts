import * as operations from './operations';
import { defineResource } from '../shared/resource';
import { searchOutboxFaxes } from './search';

export const outbox = defineResource({
	operations,
	operation: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['outbox'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a scheduled fax',
				description: 'Delete an outgoing fax that is still scheduled for sending',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get an outgoing fax',
				description: 'Read one outgoing fax that is still in the outbox',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many outgoing faxes',
				description:
					'List the outgoing faxes still in the outbox (scheduled or being sent), one item each',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a scheduled fax',
				description: 'Change the comment of a fax that is still scheduled for sending',
			},
		],
		default: 'getAll',
	},
	listSearch: { searchOutboxFaxes },
	untrusted: [
		{ field: 'comment', as: 'comment' },
		{ field: 'contact_name', as: 'contactName' },
	],
});
