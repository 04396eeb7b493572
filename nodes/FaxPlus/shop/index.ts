import type { INodeListSearchItems, INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource, ListSearchMethod } from '../shared/types';
import * as getBalance from './getBalance.operation';
import * as listCountries from './listCountries.operation';
import * as purchaseNumber from './purchaseNumber.operation';
import * as searchNumbers from './searchNumbers.operation';

const operationField: INodeProperties = {
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
			value: 'listCountries',
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
};

/** The country picker of Search Numbers: every shop country, filtered by name or ISO code. */
const searchShopCountries: ListSearchMethod = async function (filter) {
	const query = (filter ?? '').trim().toLowerCase();
	const results: INodeListSearchItems[] = (await listCountries.listShopCountries(this))
		.filter((country) => !query || `${country.name} ${country.iso}`.toLowerCase().includes(query))
		.map((country) => ({
			name: `${country.name} (${country.iso})${country.is_available ? '' : ' - no numbers available'}`,
			value: country.iso,
		}));
	return { results };
};

export const shop: FaxPlusResource = {
	option: { name: 'Shop', value: 'shop' },
	description: [
		operationField,
		...getBalance.description,
		...listCountries.description,
		...purchaseNumber.description,
		...searchNumbers.description,
	],
	operations: { getBalance, listCountries, purchaseNumber, searchNumbers },
	listSearch: { searchShopCountries },
};
