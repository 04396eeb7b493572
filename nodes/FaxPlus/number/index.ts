import * as operations from './operations';
import { currentUserId, numbersOfUser } from '../shared/locators';
import { defineResource } from '../shared/resource';

export const number = defineResource({
	option: { name: 'Number', value: 'number' },
	listSearch: {
		// The Number picker: GET /accounts/{user_id}/numbers answers all of a user's numbers at once.
		async searchNumbers(filter) {
			return await numbersOfUser(this, currentUserId(this), filter);
		},
	},
	operations: Object.values(operations),
	defaultOperation: 'getAll',
});
