import { toItems } from '../shared/items';
import { limited, resultLimit, returnAllOrLimit } from '../shared/paging';
import { customFields } from './customFields';
import type { FaxPlusOperation } from '../shared/types';

export const getAllCustomFields: FaxPlusOperation = {
	option: {
		name: 'Get Many Custom Fields',
		value: 'getAllCustomFields',
		action: 'Get many AI custom fields',
		description: 'List the AI custom field definitions, one item each',
	},
	description: returnAllOrLimit('ai', 'getAllCustomFields'),
	/** One item per custom field definition. */
	async execute(itemIndex) {
		const limit = resultLimit(this, itemIndex);
		return toItems(limited(await customFields(this, itemIndex), limit));
	},
};
