import type { INodeProperties } from 'n8n-workflow';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import {
	customApiCall,
	customApiCallOption,
	customApiCallToolFields,
} from '../shared/customApiCall';
import { nodeOptions } from '../shared/nodeOptions';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	delete: deleteOperation,
	get,
	getAll,
	update,
	customApiCall,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['outbox'] } },
		options: [
			deleteOperation.option,
			get.option,
			getAll.option,
			update.option,
			customApiCallOption,
		],
		default: 'getAll',
	},
	...deleteOperation.description,
	...get.description,
	...getAll.description,
	...update.description,
	...customApiCallToolFields('outbox'),
	...nodeOptions('outbox', operations),
];
