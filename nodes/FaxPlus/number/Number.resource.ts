import type { INodeProperties } from 'n8n-workflow';
import * as assign from './assign.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as revoke from './revoke.operation';
import { customApiCallIn } from '../shared/customApiCall';
import { nodeOptions } from '../shared/nodeOptions';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	assign,
	get,
	getAll,
	revoke,
	customApiCall: customApiCallIn('number'),
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['number'] } },
		options: Object.values(operations).map((operation) => operation.option),
		default: 'getAll',
	},
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('number', operations),
];
