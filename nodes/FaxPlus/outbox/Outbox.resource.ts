import type { INodeProperties } from 'n8n-workflow';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import { nodeOptions } from '../shared/nodeOptions';
import { operationPicker } from '../shared/pickers';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	delete: deleteOperation,
	get,
	getAll,
	update,
};

export const description: INodeProperties[] = [
	operationPicker('outbox', operations, 'getAll'),
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('outbox', operations),
];
