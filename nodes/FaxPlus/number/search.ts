// The Number picker: the chosen user's fax numbers (GET /accounts/{user_id}/numbers answers them all at once).
import { currentUserId, numbersOfUser } from '../shared/locators';
import type { ListSearchMethod } from '../shared/types';

/** listSearch: the numbers of the node's User. */
export const searchNumbers: ListSearchMethod = async function (filter) {
	return await numbersOfUser(this, currentUserId(this), filter);
};
