import type { INodeProperties } from 'n8n-workflow';
import { customApiCallIn } from '../shared/customApiCall';
import { nodeOptions } from '../shared/nodeOptions';
import { CUSTOM_API_CALL, operationPicker } from '../shared/pickers';
import type { FaxPlusOperation } from '../shared/types';

/** The resource list's last entry: a Custom API Call, which every other resource also lists last. */
export const operations: Record<string, FaxPlusOperation> = {
	customApiCall: customApiCallIn(CUSTOM_API_CALL),
};

export const description: INodeProperties[] = [
	operationPicker(CUSTOM_API_CALL, operations, CUSTOM_API_CALL),
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions(CUSTOM_API_CALL, operations),
];
