import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';
import * as createCustomField from './createCustomField.operation';
import * as getCredits from './getCredits.operation';
import * as getManyCustomFields from './getManyCustomFields.operation';
import * as updateCustomField from './updateCustomField.operation';
import { searchCustomFields } from './customFields';

const operationField: INodeProperties = {
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
			name: 'Get Credits',
			value: 'getCredits',
			action: 'Get the AI credits',
			description: 'Read the AI credits left, their use per feature and the next reload',
		},
		{
			name: 'Get Many Custom Fields',
			value: 'getManyCustomFields',
			action: 'Get many AI custom fields',
			description: 'List the AI custom field definitions, one item each',
		},
		{
			name: 'Update Custom Field',
			value: 'updateCustomField',
			action: 'Update an AI custom field',
			description: 'Change the name, instructions or enabled state of an AI custom field (admins only)',
		},
	],
	default: 'getCredits',
};

export const ai: FaxPlusResource = {
	option: { name: 'AI', value: 'ai' },
	description: [
		operationField,
		...createCustomField.description,
		...getCredits.description,
		...getManyCustomFields.description,
		...updateCustomField.description,
	],
	operations: { createCustomField, getCredits, getManyCustomFields, updateCustomField },
	listSearch: { searchCustomFields },
};
