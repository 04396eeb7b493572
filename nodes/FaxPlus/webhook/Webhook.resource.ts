import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import { nodeOptions } from '../shared/nodeOptions';
import { operationPicker } from '../shared/pickers';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	create,
	delete: deleteOperation,
	getAll,
	update,
};

export const description: INodeProperties[] = [
	operationPicker('webhook', operations, 'getAll'),
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('webhook', operations),
];
