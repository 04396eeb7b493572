import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import type { FaxPlusOperation } from '../shared/types';

export const getInformation: FaxPlusOperation = {
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
	async execute(itemIndex) {
		const information = await faxPlusApiRequest(this, {
			method: 'GET',
			path: '/auth/token',
			itemIndex,
		});
		return toItems(information);
	},
};
