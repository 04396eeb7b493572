// The Number picker: the chosen user's fax numbers (GET /accounts/{user_id}/numbers answers them all at once).
import type { INodeListSearchItems } from 'n8n-workflow';
import { faxPlusApiRequest, segment } from '../../api/transport';
import { currentUserId } from '../shared/locators';
import type { ListSearchMethod } from '../shared/types';
import type { NumberList } from './types';

/** listSearch: the numbers of the node's User, filtered by the digits typed. */
export const searchNumbers: ListSearchMethod = async function (filter) {
	const answer = await faxPlusApiRequest<NumberList | undefined>(this, {
		method: 'GET',
		path: `/accounts/${segment(currentUserId(this))}/numbers`,
	});
	const numbers = Array.isArray(answer?.numbers) ? answer.numbers : [];
	const digits = (filter ?? '').replace(/\D/g, '');
	const results: INodeListSearchItems[] = numbers
		.map((entry) => String(entry.number ?? ''))
		.filter((number) => number !== '' && (!digits || number.replace(/\D/g, '').includes(digits)))
		.sort()
		.map((number) => ({ name: number, value: number }));
	return { results };
};
