import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { entriesOf } from '../../api/lists';
import { resultLimit, returnAllOrLimit } from '../shared/paging';
import { faxPlusApiRequest } from '../../api/transport';
import type { AccountRecord } from './types';

export const option: INodePropertyOptions = {
	name: 'Get Many Members',
	value: 'getAllMembers',
	action: 'Get many members',
	description: 'List the accounts of the corporate account (admins), or the user\'s own, one item each',
};

export const description: INodeProperties[] = [...returnAllOrLimit('account', 'getAllMembers')];

/** One item per account: every member of the corporate account for an admin, else the caller alone. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const limit = resultLimit(this, itemIndex);
	const answer = await faxPlusApiRequest<unknown>(this, { method: 'GET', path: '/accounts', itemIndex });
	const members: AccountRecord[] = entriesOf(answer, 'members');
	return toItems(limit === undefined ? members : members.slice(0, limit));
}
