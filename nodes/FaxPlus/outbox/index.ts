import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';
import * as deleteOperation from './delete.operation';

const operationField: INodeProperties = {
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
	],
	default: 'delete',
};

export const outbox: FaxPlusResource = {
	option: { name: 'Outbox', value: 'outbox' },
	description: [operationField, ...deleteOperation.description],
	operations: { delete: deleteOperation },
};
