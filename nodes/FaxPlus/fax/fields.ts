import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../shared/descriptions';

/** The `faxId` parameter of one fax operation. */
export function faxIdField(operation: string, description: string): INodeProperties {
	return {
		displayName: 'Fax ID',
		name: 'faxId',
		type: 'string',
		default: '',
		required: true,
		description,
		displayOptions: showFor('fax', operation),
	};
}

/** The `binaryPropertyName` parameter of an operation that outputs a file. */
export function outputBinaryField(operation: string, what: string): INodeProperties {
	return {
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: `The name of the output binary field to put the ${what} in`,
		displayOptions: showFor('fax', operation),
	};
}
