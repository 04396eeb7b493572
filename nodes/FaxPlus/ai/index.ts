import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';

// Operations are added here as they are written.
const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['ai'] } },
	options: [],
	default: '',
};

export const ai: FaxPlusResource = {
	option: { name: 'AI', value: 'ai' },
	description: [operationField],
	operations: {},
};
