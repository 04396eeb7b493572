import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';

// Operations are added here as they are written.
const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['token'] } },
	options: [],
	default: '',
};

export const token: FaxPlusResource = {
	option: { name: 'Token', value: 'token' },
	description: [operationField],
	operations: {},
};
