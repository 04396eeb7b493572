import type { IDataObject } from 'n8n-workflow';
import { userIdFields } from '../shared/descriptions';
import { userIdOf } from '../shared/items';
import { outputProperties, shapedItems } from '../shared/output';
import { RAW_ONLY_NUMBER_FIELDS, SIMPLIFIED_NUMBER } from './fields';

import { limited, resultLimit, returnAllOrLimit } from '../shared/paging';
import { userNumbers } from './search';
import type { FaxPlusOperation } from '../shared/types';

export const getAll: FaxPlusOperation = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many fax numbers',
		description:
			'List the fax numbers of the account (admins) or assigned to the user, one item each',
	},
	toolDescription:
		"List the account's Fax.Plus fax numbers. Needs nothing. Returns one record per number (id, number, status, the user ID it is assigned to, acquired and expiration dates in ISO 8601 UTC); a number is what Send uses as From.",
	description: [
		...userIdFields('number', 'getAll'),
		...returnAllOrLimit('number', 'getAll'),
		...outputProperties('number', ['getAll'], SIMPLIFIED_NUMBER, RAW_ONLY_NUMBER_FIELDS),
	],
	/** One item per fax number (the API answers them all at once). */
	async execute(itemIndex) {
		const userId = userIdOf(this, itemIndex);
		const limit = resultLimit(this, itemIndex);
		const numbers = await userNumbers(this, userId, itemIndex);
		return shapedItems(
			this,
			itemIndex,
			limited(numbers, limit) as IDataObject[],
			SIMPLIFIED_NUMBER,
		);
	},
};
