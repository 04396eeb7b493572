import type { INodeProperties } from 'n8n-workflow';
import { customApiCallIn } from '../shared/customApiCall';
import { CUSTOM_API_CALL } from '../shared/display';
import { nodeOptions } from '../shared/nodeOptions';
import type { FaxPlusOperation } from '../shared/types';

/** The resource list's last entry: a Custom API Call, which every other resource also lists last. */
export const operations: Record<string, FaxPlusOperation> = {
	customApiCall: customApiCallIn(CUSTOM_API_CALL),
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [CUSTOM_API_CALL] } },
		options: [operations.customApiCall.option],
		default: CUSTOM_API_CALL,
	},
	...operations.customApiCall.description,
	...nodeOptions(CUSTOM_API_CALL, operations),
];
