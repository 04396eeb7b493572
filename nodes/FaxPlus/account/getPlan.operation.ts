import { getOperation, userIdOf } from '../shared/items';
import { userIdFields } from '../shared/descriptions';

export const getPlan = getOperation({
	toolDescription:
		'Get the Fax.Plus plan of the account or of a member: pages, limits and features. Needs the user: "self" or a member\'s user ID. Returns the plan\'s fields.',
	description: userIdFields(),
	path(itemIndex) {
		return `/accounts/${encodeURIComponent(userIdOf(this, itemIndex))}/plan`;
	},
});
