import { getManyOperation } from '../shared/paging';
import { customFields } from './customFields';

export const getAllCustomFields = getManyOperation({
	option: {
		name: 'Get Many Custom Fields',
		value: 'getAllCustomFields',
		action: 'Get many AI custom fields',
		description: 'List the AI custom field definitions, one item each',
	},
	async list(itemIndex) {
		return await customFields(this, itemIndex);
	},
});
