import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { userIdField } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { resultLimit, returnAllOrLimit } from '../shared/paging';
import { faxPlusApiRequest, segment } from '../../api/transport';
import type { OutboxList } from './types';

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many outgoing faxes',
	description: 'List the outgoing faxes still in the outbox (scheduled or being sent), one item each',
};

export const description: INodeProperties[] = [userIdField('outbox', 'getAll'), ...returnAllOrLimit('outbox', 'getAll')];

/** One item per outgoing fax still in the outbox (the API answers them all at once). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const limit = resultLimit(this, itemIndex);
	const answer = await faxPlusApiRequest<OutboxList | undefined>(this, {
		method: 'GET',
		path: `/accounts/${segment(userId)}/outbox`,
		itemIndex,
	});
	const faxes = Array.isArray(answer?.records) ? answer.records : [];
	return toItems(limit === undefined ? faxes : faxes.slice(0, limit));
}
