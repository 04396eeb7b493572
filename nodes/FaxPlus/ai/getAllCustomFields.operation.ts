import { getManyOperation } from '../shared/paging';
import { customFields } from './customFields';

export const getAllCustomFields = getManyOperation({
	async list(itemIndex) {
		return await customFields(this, itemIndex);
	},
});
