import { userIdFields } from '../shared/descriptions';
import { userIdOf, toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import type { FaxPlusOperation } from '../shared/types';

export const getPlan: FaxPlusOperation = {
	option: {
		name: 'Get Plan',
		value: 'getPlan',
		action: 'Get the plan of an account',
		description: 'Read the plan type and the admin and owner flags of an account',
	},
	toolDescription:
		'Get the Fax.Plus plan of the account or of a member: pages, limits and features. Needs the user: "self" or a member\'s user ID. Returns the plan\'s fields.',
	description: [...userIdFields('account', 'getPlan')],
	async execute(itemIndex) {
		const userId = userIdOf(this, itemIndex);
		const plan = await faxPlusApiRequest(this, {
			method: 'GET',
			path: `/accounts/${encodeURIComponent(userId)}/plan`,
			itemIndex,
		});
		return toItems(plan);
	},
};
