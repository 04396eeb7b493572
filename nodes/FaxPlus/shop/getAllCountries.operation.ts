import { getManyOperation } from '../shared/paging';
import { faxPlusApiRequest, type FaxPlusContext } from '../../api/transport';
import type { CountryEntry } from './types';
import { entriesOf } from '../../api/lists';

/** The countries of the number shop (also the list the Search Numbers country picker shows). */
export async function listShopCountries(
	context: FaxPlusContext,
	itemIndex?: number,
): Promise<CountryEntry[]> {
	const answer = await faxPlusApiRequest<unknown>(context, {
		method: 'GET',
		path: '/shop/numbers/countries',
		itemIndex,
	});
	return entriesOf(answer, 'countries') as unknown as CountryEntry[];
}

export const getAllCountries = getManyOperation({
	resource: 'shop',
	option: {
		name: 'Get Many Countries',
		value: 'getAllCountries',
		action: 'Get many countries of the number shop',
		description: 'One item per country, with whether numbers can be purchased there',
	},
	async list(itemIndex) {
		return await listShopCountries(this, itemIndex);
	},
});
