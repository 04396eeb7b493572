import { requiredString, toItems } from '../shared/items';
import { resourceLocator } from '../shared/locators';
import { faxPlusApiRequest } from '../../shared/transport/transport';
import type { FaxPlusOperation } from '../shared/types';

export const deleteCustomField: FaxPlusOperation = {
	agentRisk: { kind: 'deletes' },
	description: [
		resourceLocator({
			displayName: 'Custom Field',
			name: 'customField',
			description: 'The AI custom field to delete; extraction no longer returns it',
			searchListMethod: 'searchCustomFields',
			listPlaceholder: 'Select a custom field...',
			idPlaceholder: 'e.g. cf_1a2b3c',
		}),
	],
	async execute(itemIndex) {
		const customFieldId = requiredString(this, 'customField', 'Custom Field', itemIndex);
		await faxPlusApiRequest(this, {
			method: 'DELETE',
			path: `/accounts/self/ai/custom-fields/${encodeURIComponent(customFieldId)}`,
			itemIndex,
		});
		return toItems({ deleted: true, customFieldId });
	},
};
