import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { toItems } from '../shared/items';
import { limited, resultLimit, returnAllOrLimit } from '../shared/paging';
import { customFields } from './customFields';

export const option: INodePropertyOptions = {
	name: 'Get Many Custom Fields',
	value: 'getAllCustomFields',
	action: 'Get many AI custom fields',
	description: 'List the AI custom field definitions, one item each',
};

export const description: INodeProperties[] = returnAllOrLimit('ai', 'getAllCustomFields');

/** One item per custom field definition. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const limit = resultLimit(this, itemIndex);
	return toItems(limited(await customFields(this, itemIndex), limit));
}
