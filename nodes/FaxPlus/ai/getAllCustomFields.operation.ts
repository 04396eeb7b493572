import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { getManyItems, returnAllOrLimit } from '../shared/getMany';
import { customFields } from './customFields';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get Many Custom Fields',
	value: 'getAllCustomFields',
	action: 'Get many AI custom fields',
	description: 'List the AI custom field definitions, one item each',
};

const properties: INodeProperties[] = returnAllOrLimit();

const displayOptions = { show: { resource: ['ai'], operation: ['getAllCustomFields'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await getManyItems(this, itemIndex, async (scope) => await customFields(this, scope));
}
