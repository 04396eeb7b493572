import type { INodeProperties } from 'n8n-workflow';
import * as createCustomField from './createCustomField.operation';
import * as deleteCustomField from './deleteCustomField.operation';
import * as getCredits from './getCredits.operation';
import * as getAllCustomFields from './getAllCustomFields.operation';
import * as updateCustomField from './updateCustomField.operation';
import { nodeOptions } from '../shared/nodeOptions';
import { operationPicker } from '../shared/pickers';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	createCustomField,
	deleteCustomField,
	getCredits,
	getAllCustomFields,
	updateCustomField,
};

export const description: INodeProperties[] = [
	operationPicker('ai', operations, 'getCredits'),
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('ai', operations),
];
