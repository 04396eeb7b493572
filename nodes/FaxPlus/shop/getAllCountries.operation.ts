import { getManyOperation } from '../shared/paging';
import { faxPlusApiRequest, type FaxPlusContext } from '../../api/transport';
import type { CountriesAnswer, CountryEntry } from './types';

/** The countries of the number shop (also the list the Search Numbers country picker shows). */
export async function listShopCountries(
	context: FaxPlusContext,
	itemIndex?: number,
): Promise<CountryEntry[]> {
	const answer = await faxPlusApiRequest<CountriesAnswer | undefined>(context, {
		method: 'GET',
		path: '/shop/numbers/countries',
		itemIndex,
	});
	return Array.isArray(answer?.countries) ? answer.countries : [];
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
