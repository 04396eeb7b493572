import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { entriesOf } from '../shared/lists';
import { resultLimit, returnAllOrLimit } from '../shared/paging';
import { faxPlusApiRequest } from '../transport';
import type { AccountRecord } from './types';

export const description: INodeProperties[] = [...returnAllOrLimit('account', 'getManyMembers')];

/** One item per account: every member of the corporate account for an admin, else the caller alone. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const limit = resultLimit(this, itemIndex);
	const answer = await faxPlusApiRequest<unknown>(this, { method: 'GET', path: '/accounts', itemIndex });
	const members: AccountRecord[] = entriesOf(answer, 'members');
	return toItems(limit === undefined ? members : members.slice(0, limit));
}
