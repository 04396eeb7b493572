import { getOperation } from '../shared/items';

export const getBalance = getOperation({
	toolDescription:
		"Get the account's Fax.Plus balance (prepaid credit). Needs nothing. Returns the balance and its currency.",
	description: [],
	path: () => '/shop/balance',
});
