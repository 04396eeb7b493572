import * as operations from './operations';
import { defineResource } from '../shared/resource';
import { searchCustomFields } from './customFields';

export const ai = defineResource({
	operations,
	operation: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['ai'] } },
		options: [
			{
				name: 'Create Custom Field',
				value: 'createCustomField',
				action: 'Create an AI custom field',
				description: 'Define a field for Fax AI to extract (admins only)',
			},
			{
				name: 'Delete Custom Field',
				value: 'deleteCustomField',
				action: 'Delete an AI custom field',
				description: 'Remove an AI custom field definition (admins only)',
			},
			{
				name: 'Get Credits',
				value: 'getCredits',
				action: 'Get the AI credits',
				description: 'Read the AI credits left, their use per feature and the next reload',
			},
			{
				name: 'Get Many Custom Fields',
				value: 'getAllCustomFields',
				action: 'Get many AI custom fields',
				description: 'List the AI custom field definitions, one item each',
			},
			{
				name: 'Update Custom Field',
				value: 'updateCustomField',
				action: 'Update an AI custom field',
				description:
					'Change the name, instructions or enabled state of an AI custom field (admins only)',
			},
		],
		default: 'getCredits',
	},
	listSearch: { searchCustomFields },
});
