import type { INodeProperties } from 'n8n-workflow';
import * as getInformation from './getInformation.operation';
import { customApiCallIn } from '../shared/customApiCall';
import { nodeOptions } from '../shared/nodeOptions';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	getInformation,
	customApiCall: customApiCallIn('token'),
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['token'] } },
		options: Object.values(operations).map((operation) => operation.option),
		default: 'getInformation',
	},
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('token', operations),
];
