import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { userIdField } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { resultLimit, returnAllOrLimit } from '../shared/paging';
import { faxPlusApiRequest, segment } from '../../api/transport';
import type { NumberList } from './types';

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many fax numbers',
	description: 'List the fax numbers of the account (admins) or assigned to the user, one item each',
};

export const description: INodeProperties[] = [userIdField('number', 'getAll'), ...returnAllOrLimit('number', 'getAll')];

/** One item per fax number (the API answers them all at once). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const limit = resultLimit(this, itemIndex);
	const answer = await faxPlusApiRequest<NumberList | undefined>(this, {
		method: 'GET',
		path: `/accounts/${segment(userId)}/numbers`,
		itemIndex,
	});
	const numbers = Array.isArray(answer?.numbers) ? answer.numbers : [];
	return toItems(limit === undefined ? numbers : numbers.slice(0, limit));
}
