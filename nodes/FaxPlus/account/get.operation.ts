import { userIdFields } from '../shared/descriptions';
import { getOperation, userIdOf } from '../shared/items';

export const get = getOperation({
	description: userIdFields(),
	path(itemIndex) {
		return `/accounts/${encodeURIComponent(userIdOf(this, itemIndex))}`;
	},
});
