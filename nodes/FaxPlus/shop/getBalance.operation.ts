import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import type { FaxPlusOperation } from '../shared/types';

export const getBalance: FaxPlusOperation = {
	option: {
		name: 'Get Balance',
		value: 'getBalance',
		action: 'Get the account balance',
		description: 'Read the balance of the account and its currency',
	},
	toolDescription:
		"Get the account's Fax.Plus balance (prepaid credit). Needs nothing. Returns the balance and its currency.",
	description: [],
	async execute(itemIndex) {
		const balance = await faxPlusApiRequest(this, {
			method: 'GET',
			path: '/shop/balance',
			itemIndex,
		});
		return toItems(balance);
	},
};
