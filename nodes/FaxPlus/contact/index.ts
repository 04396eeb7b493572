import * as operations from './operations';
import { defineResource } from '../shared/resource';
import { searchContacts } from './search';

export const contact = defineResource({
	operations,
	operation: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many contacts',
				description: "List or search the user's contacts, one item each",
			},
			{
				name: 'Set Groups',
				value: 'setGroups',
				action: 'Set the groups of a contact',
				description: "Set a contact's contact groups (it leaves every group not listed)",
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a contact',
				description: "Change a contact's name, company or fax numbers",
			},
		],
		default: 'getAll',
	},
	listSearch: { searchContacts },
	untrusted: [
		{ field: 'name', as: 'name' },
		{ field: 'company', as: 'company' },
	],
});
