import type { INodeProperties } from 'n8n-workflow';
import * as assign from './assign.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as revoke from './revoke.operation';
import { nodeOptions } from '../shared/nodeOptions';
import { operationPicker } from '../shared/pickers';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	assign,
	get,
	getAll,
	revoke,
};

export const description: INodeProperties[] = [
	operationPicker('number', operations, 'getAll'),
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('number', operations),
];
