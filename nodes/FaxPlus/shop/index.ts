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
	operations,
	operation: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['shop'] } },
		options: [
			{
				name: 'Get Balance',
				value: 'getBalance',
				action: 'Get the account balance',
				description: 'Read the balance of the account and its currency',
			},
			{
				name: 'Get Many Countries',
				value: 'getAllCountries',
				action: 'Get many countries of the number shop',
				description: 'One item per country, with whether numbers can be purchased there',
			},
			{
				name: 'Purchase Number',
				value: 'purchaseNumber',
				action: 'Purchase a number',
				description: 'Buy the number of an offer found by Search Numbers',
			},
			{
				name: 'Search Numbers',
				value: 'searchNumbers',
				action: 'Search numbers to purchase',
				description: 'One item per number offered in an area of a country',
			},
		],
		default: 'getBalance',
	},
	listSearch: { searchShopCountries },
});
