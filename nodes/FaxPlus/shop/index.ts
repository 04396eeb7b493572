import * as operations from './operations';
import { listShopCountries } from './getAllCountries.operation';
import { matchesFilter } from '../shared/locators';
import { defineResource } from '../shared/resource';
import type { ListSearchMethod } from '../shared/types';

/** The country picker of Search Numbers: every shop country, filtered by name or ISO code. */
const searchShopCountries: ListSearchMethod = async function (filter) {
	const results = (await listShopCountries(this))
		.map((country) => ({
			name: `${country.name} (${country.iso})${country.is_available ? '' : ' - no numbers available'}`,
			value: country.iso,
		}))
		.filter((entry) => matchesFilter(entry, filter));
	return { results };
};

export const shop = defineResource({
	option: { name: 'Shop', value: 'shop' },
	listSearch: { searchShopCountries },
	operations: Object.values(operations),
	defaultOperation: 'getBalance',
});
