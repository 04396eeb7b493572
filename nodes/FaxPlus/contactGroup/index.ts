import * as operations from './operations';
import { defineResource } from '../shared/resource';

export const contactGroup = defineResource({
	operations,
	operation: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contactGroup'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a contact group',
				description: 'Delete a contact group of the account',
			},
			{
				name: 'Share',
				value: 'share',
				action: 'Share contact groups with members',
				description: 'Share contact groups with corporate members',
			},
		],
		default: 'share',
	},
});
