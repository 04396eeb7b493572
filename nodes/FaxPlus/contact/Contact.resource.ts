import type { INodeProperties } from 'n8n-workflow';
import * as getAll from './getAll.operation';
import * as setGroups from './setGroups.operation';
import * as update from './update.operation';
import { nodeOptions } from '../shared/nodeOptions';
import { operationPicker } from '../shared/pickers';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	getAll,
	setGroups,
	update,
};

export const description: INodeProperties[] = [
	operationPicker('contact', operations, 'getAll'),
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('contact', operations),
];
