import type { INodeProperties } from 'n8n-workflow';
import * as getBalance from './getBalance.operation';
import * as getAllCountries from './getAllCountries.operation';
import * as purchaseNumber from './purchaseNumber.operation';
import * as searchNumbers from './searchNumbers.operation';
import { customApiCallIn } from '../shared/customApiCall';
import { nodeOptions } from '../shared/nodeOptions';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	getBalance,
	getAllCountries,
	purchaseNumber,
	searchNumbers,
	customApiCall: customApiCallIn('shop'),
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['shop'] } },
		options: Object.values(operations).map((operation) => operation.option),
		default: 'getBalance',
	},
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('shop', operations),
];
