import { getOperation } from '../shared/items';

export const getInformation = getOperation({
	toolDescription:
		"Get information on the Fax.Plus token in use: its user and scopes. Needs nothing. Returns the token's details (never the token itself).",
	description: [],
	path: () => '/auth/token',
});
