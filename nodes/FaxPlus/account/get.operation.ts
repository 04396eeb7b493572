import { userIdFields } from '../shared/descriptions';
import { getOperation, userIdOf } from '../shared/items';

export const get = getOperation({
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get an account',
		description: "Get a user's account: name, email, phone, type, status, settings",
	},
	description: userIdFields(),
	path(itemIndex) {
		return `/accounts/${encodeURIComponent(userIdOf(this, itemIndex))}`;
	},
});
