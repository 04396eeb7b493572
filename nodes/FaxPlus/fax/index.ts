import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';

// Operations are added here as they are written.
const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['fax'] } },
	options: [],
	default: '',
};

export const fax: FaxPlusResource = {
	option: { name: 'Fax', value: 'fax' },
	description: [operationField],
	operations: {},
};
