import type { INodeProperties } from 'n8n-workflow';
import * as deleteOperation from './delete.operation';
import * as share from './share.operation';
import { nodeOptions } from '../shared/nodeOptions';
import { operationPicker } from '../shared/pickers';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	delete: deleteOperation,
	share,
};

export const description: INodeProperties[] = [
	operationPicker('contactGroup', operations, 'share'),
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('contactGroup', operations),
];
