import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { listAnswer } from '../../shared/api/accountLists';
import { getManyItems, returnAllOrLimit } from '../shared/getMany';
import type { FaxPlusContext, RequestScope } from '../../shared/transport/transport';
import { updateDisplayOptions } from '../shared/display';

type CountryEntry = IDataObject & {
	/** ISO 3166-1 alpha-2 code. */
	iso: string;
	name: string;
	is_available: boolean;
};

/** The countries of the number shop (also the list the Search Numbers country picker shows). */
export async function listShopCountries(context: FaxPlusContext, scope: RequestScope = {}) {
	const path = '/shop/numbers/countries';
	return await listAnswer<CountryEntry>(context, { path, key: 'countries', ...scope });
}

export const option = {
	name: 'Get Many Countries',
	value: 'getAllCountries',
	action: 'Get many countries of the number shop',
	description: 'One item per country, with whether numbers can be purchased there',
};

const properties: INodeProperties[] = returnAllOrLimit();

const displayOptions = { show: { resource: ['shop'], operation: ['getAllCountries'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await getManyItems(this, itemIndex, async (scope) => await listShopCountries(this, scope));
}
