import type { INodeProperties } from 'n8n-workflow';
import * as createCustomField from './createCustomField.operation';
import * as deleteCustomField from './deleteCustomField.operation';
import * as getCredits from './getCredits.operation';
import * as getAllCustomFields from './getAllCustomFields.operation';
import * as updateCustomField from './updateCustomField.operation';
import {
	customApiCall,
	customApiCallOption,
	customApiCallToolFields,
} from '../shared/customApiCall';
import { nodeOptions } from '../shared/nodeOptions';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	createCustomField,
	deleteCustomField,
	getCredits,
	getAllCustomFields,
	updateCustomField,
	customApiCall,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['ai'] } },
		options: [
			createCustomField.option,
			deleteCustomField.option,
			getCredits.option,
			getAllCustomFields.option,
			updateCustomField.option,
			customApiCallOption,
		],
		default: 'getCredits',
	},
	...createCustomField.description,
	...deleteCustomField.description,
	...getCredits.description,
	...getAllCustomFields.description,
	...updateCustomField.description,
	...customApiCallToolFields('ai'),
	...nodeOptions('ai', operations),
];
