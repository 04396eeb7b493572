import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { limited, resultLimit, returnAllOrLimit } from '../shared/paging';
import { faxPlusApiRequest } from '../transport';
import { recordsOf } from './customFields';
import type { AiCustomFieldList } from './types';

export const description: INodeProperties[] = returnAllOrLimit('ai', 'getManyCustomFields');

/** One item per custom field definition. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const limit = resultLimit(this, itemIndex);
	const list = await faxPlusApiRequest<AiCustomFieldList>(this, {
		method: 'GET',
		path: '/accounts/self/ai/custom-fields',
		itemIndex,
	});
	return toItems(limited(recordsOf(list), limit));
}
