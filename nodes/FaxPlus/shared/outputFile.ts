// A download's output file field: its parameter (Put Output File in Field) and the item's value of it.
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { requiredString } from './values';

export function outputBinaryField(what: string): INodeProperties {
	return {
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: `The name of the output binary field to put the ${what} in`,
	};
}

export const outputFieldOf = (context: IExecuteFunctions, itemIndex: number) =>
	requiredString(context, 'binaryPropertyName', 'Put Output File in Field', itemIndex);
