import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';
import * as deleteOperation from './delete.operation';
import * as share from './share.operation';

const operationField: INodeProperties = {
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
};

export const contactGroup: FaxPlusResource = {
	option: { name: 'Contact Group', value: 'contactGroup' },
	description: [operationField, ...share.description, ...deleteOperation.description],
	operations: { delete: deleteOperation, share },
};
