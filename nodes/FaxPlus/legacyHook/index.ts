import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';

// Operations are added here as they are written.
const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['legacyHook'] } },
	options: [],
	default: '',
};

export const legacyHook: FaxPlusResource = {
	option: { name: 'Legacy Hook (Deprecated)', value: 'legacyHook' },
	description: [operationField],
	operations: {},
};
