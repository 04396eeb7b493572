import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';

// Operations are added here as they are written.
const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['webhook'] } },
	options: [],
	default: '',
};

export const webhook: FaxPlusResource = {
	option: { name: 'Webhook', value: 'webhook' },
	description: [operationField],
	operations: {},
};
