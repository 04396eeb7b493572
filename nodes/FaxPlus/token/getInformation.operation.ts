import { getOperation } from '../shared/items';

export const getInformation = getOperation({
	option: {
		name: 'Get Information',
		value: 'getInformation',
		action: 'Get information about the access token',
		description:
			'Read the kind and scopes of the token the credential uses, and for a personal access token its name and dates',
	},
	toolDescription:
		"Get information on the Fax.Plus token in use: its user and scopes. Needs nothing. Returns the token's details (never the token itself).",
	description: [],
	path: () => '/auth/token',
});
