import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

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
		{
			name: 'Get',
			value: 'get',
			action: 'Get an outgoing fax',
			description: 'Read one outgoing fax that is still in the outbox',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			action: 'Get many outgoing faxes',
			description: 'List the outgoing faxes still in the outbox (scheduled or being sent), one item each',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a scheduled fax',
			description: 'Reschedule a scheduled fax, or change its comment or retries',
		},
	],
	default: 'getMany',
};

export const outbox: FaxPlusResource = {
	option: { name: 'Outbox', value: 'outbox' },
	description: [operationField, ...deleteOperation.description, ...get.description, ...getMany.description, ...update.description],
	operations: { delete: deleteOperation, get, getMany, update },
};
