import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { userIdField } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { entriesOf } from '../shared/lists';
import { resultLimit, returnAllOrLimit } from '../shared/paging';
import { faxPlusApiRequest, segment } from '../transport';
import type { FaxNumber } from './types';

export const description: INodeProperties[] = [userIdField('number', 'getMany'), ...returnAllOrLimit('number', 'getMany')];

/** One item per fax number (the API answers them all at once). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const limit = resultLimit(this, itemIndex);
	const answer = await faxPlusApiRequest<unknown>(this, {
		method: 'GET',
		path: `/accounts/${segment(userId)}/numbers`,
		itemIndex,
	});
	const numbers: FaxNumber[] = entriesOf(answer, 'numbers');
	return toItems(limit === undefined ? numbers : numbers.slice(0, limit));
}
