import type { INodeProperties } from 'n8n-workflow';
import * as getInformation from './getInformation.operation';
import { nodeOptions } from '../shared/nodeOptions';
import { operationPicker } from '../shared/pickers';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	getInformation,
};

export const description: INodeProperties[] = [
	operationPicker('token', operations, 'getInformation'),
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('token', operations),
];
