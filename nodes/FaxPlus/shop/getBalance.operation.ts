import { getOperation } from '../shared/items';

export const getBalance = getOperation({
	option: {
		name: 'Get Balance',
		value: 'getBalance',
		action: 'Get the account balance',
		description: 'Read the balance of the account and its currency',
	},
	toolDescription:
		"Get the account's Fax.Plus balance (prepaid credit). Needs nothing. Returns the balance and its currency.",
	description: [],
	path: () => '/shop/balance',
});
