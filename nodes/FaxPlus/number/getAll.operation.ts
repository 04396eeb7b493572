import { userIdFields } from '../shared/descriptions';
import { userIdOf } from '../shared/items';
import { getManyOperation } from '../shared/paging';
import { RAW_ONLY_NUMBER_FIELDS, SIMPLIFIED_NUMBER } from './fields';
import { userNumbers } from '../../shared/api/accountLists';

export const getAll = getManyOperation({
	toolDescription:
		"List the account's Fax.Plus fax numbers. Needs nothing. Returns one record per number (id, number, status, the user ID it is assigned to, acquired and expiration dates in ISO 8601 UTC); a number is what Send uses as From.",
	parameters: userIdFields(),
	output: { shape: SIMPLIFIED_NUMBER, rawOnlyFields: RAW_ONLY_NUMBER_FIELDS },
	async list(itemIndex) {
		return await userNumbers(this, userIdOf(this, itemIndex), itemIndex);
	},
});
