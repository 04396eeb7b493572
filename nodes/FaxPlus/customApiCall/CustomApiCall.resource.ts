import type { INodeProperties } from 'n8n-workflow';
import { customApiCall } from './customApiCall.operation';
import { CUSTOM_API_CALL, operationPicker } from '../shared/pickers';
import type { FaxPlusOperation } from '../shared/types';

/** The resource list's last entry, with one operation: n8n then adds no Custom API Call of its own. */
export const operations: Record<string, FaxPlusOperation> = { customApiCall };

export const description: INodeProperties[] = [
	operationPicker(CUSTOM_API_CALL, operations, CUSTOM_API_CALL),
	...customApiCall.description,
];
