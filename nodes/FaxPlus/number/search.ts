// The Number picker: the chosen user's fax numbers (GET /accounts/{user_id}/numbers answers them all at once).
import type { ILoadOptionsFunctions, INodeListSearchItems } from 'n8n-workflow';
import type { FaxPlusContext } from '../../api/transport';
import { currentUserId } from '../shared/locators';
import type { ListSearchMethod } from '../shared/types';
import { listAnswer } from '../shared/paging';

/** A fax number of the account (beyond the published v3.5 spec; the SDK's), e.g. `number`, `status`, `assigned_to`. */
type FaxNumber = Record<string, unknown> & { number?: string };

/** The fax numbers of a user (the API answers them all at once). */
export async function userNumbers(
	context: FaxPlusContext,
	userId: string,
	itemIndex?: number,
): Promise<FaxNumber[]> {
	const path = `/accounts/${encodeURIComponent(userId)}/numbers`;
	return await listAnswer<FaxNumber>(context, { path, key: 'numbers', itemIndex });
}

/** The fax numbers of a user, filtered by the digits typed. */
export async function numbersOfUser(
	context: ILoadOptionsFunctions,
	userId: string,
	filter: string | undefined,
): Promise<{ results: INodeListSearchItems[] }> {
	const numbers = await userNumbers(context, userId);
	const digits = (filter ?? '').replace(/\D/g, '');
	const results: INodeListSearchItems[] = numbers
		.map((entry) => String(entry.number ?? ''))
		.filter((number) => number !== '' && (!digits || number.replace(/\D/g, '').includes(digits)))
		.sort()
		.map((number) => ({ name: number, value: number }));
	return { results };
}

/** listSearch: the numbers of the node's User. */
export const searchNumbers: ListSearchMethod = async function (filter) {
	return await numbersOfUser(this, currentUserId(this), filter);
};
