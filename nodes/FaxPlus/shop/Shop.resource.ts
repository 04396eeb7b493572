import type { INodeProperties } from 'n8n-workflow';
import * as getBalance from './getBalance.operation';
import * as getAllCountries from './getAllCountries.operation';
import * as purchaseNumber from './purchaseNumber.operation';
import * as searchNumbers from './searchNumbers.operation';
import { nodeOptions } from '../shared/nodeOptions';
import { operationPicker } from '../shared/pickers';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	getBalance,
	getAllCountries,
	purchaseNumber,
	searchNumbers,
};

export const description: INodeProperties[] = [
	operationPicker('shop', operations, 'getBalance'),
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('shop', operations),
];
