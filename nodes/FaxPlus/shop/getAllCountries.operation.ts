import type { IDataObject } from 'n8n-workflow';
import { listAnswer } from '../../shared/api/accountLists';
import { getManyOperation } from '../shared/paging';
import type { FaxPlusContext } from '../../shared/transport/transport';

type CountryEntry = IDataObject & {
	/** ISO 3166-1 alpha-2 code. */
	iso: string;
	name: string;
	is_available: boolean;
};

/** The countries of the number shop (also the list the Search Numbers country picker shows). */
export async function listShopCountries(
	context: FaxPlusContext,
	itemIndex?: number,
): Promise<CountryEntry[]> {
	const path = '/shop/numbers/countries';
	return await listAnswer<CountryEntry>(context, { path, key: 'countries', itemIndex });
}

export const getAllCountries = getManyOperation({
	async list(itemIndex) {
		return await listShopCountries(this, itemIndex);
	},
});
