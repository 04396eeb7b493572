import type { INodeProperties } from 'n8n-workflow';
import * as deleteOperation from './delete.operation';
import * as share from './share.operation';
import { customApiCallIn } from '../shared/customApiCall';
import { nodeOptions } from '../shared/nodeOptions';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	delete: deleteOperation,
	share,
	customApiCall: customApiCallIn('contactGroup'),
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contactGroup'] } },
		options: Object.values(operations).map((operation) => operation.option),
		default: 'share',
	},
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('contactGroup', operations),
];
