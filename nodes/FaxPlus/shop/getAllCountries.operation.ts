import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { toItems } from '../shared/items';
import { limited, resultLimit, returnAllOrLimit } from '../shared/paging';
import { faxPlusApiRequest, type FaxPlusContext } from '../../api/transport';
import type { CountriesAnswer, CountryEntry } from './types';

export const option: INodePropertyOptions = {
	name: 'Get Many Countries',
	value: 'getAllCountries',
	action: 'Get many countries of the number shop',
	description: 'One item per country, with whether numbers can be purchased there',
};

export const description: INodeProperties[] = returnAllOrLimit('shop', 'getAllCountries');

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

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const limit = resultLimit(this, itemIndex);
	return toItems(limited(await listShopCountries(this, itemIndex), limit));
}
