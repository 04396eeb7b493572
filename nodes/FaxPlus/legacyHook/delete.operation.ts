import { NodeApiError } from 'n8n-workflow';
import { requiredString, toItems } from '../shared/items';
import { resourceLocator } from '../shared/locators';
import { deleteLegacyHook } from '../../shared/api/legacyHooks';
import type { FaxPlusOperation } from '../shared/types';

export const deleteOperation: FaxPlusOperation = {
	agentRisk: { kind: 'deletes' },
	description: [
		resourceLocator({
			displayName: 'Hook',
			name: 'hook',
			description: 'The legacy hook to delete',
			searchListMethod: 'searchLegacyHooks',
			listPlaceholder: 'Select a hook...',
			idPlaceholder: 'e.g. hook_5f2a9c1d',
		}),
	],
	async execute(itemIndex) {
		const hookId = requiredString(this, 'hook', 'Hook', itemIndex);
		const deleted = await deleteLegacyHook(this, hookId, itemIndex);
		// deleteLegacyHook answers false on 404: here that is an error the user must see.
		if (!deleted) {
			throw new NodeApiError(
				this.getNode(),
				{ httpCode: '404' },
				{
					message: `Legacy hook ${hookId} was not found: 404`,
					description:
						'No legacy hook of this Fax.Plus account has this ID; list the hooks to see them.',
					httpCode: '404',
					itemIndex,
				},
			);
		}
		return toItems({ deleted: true, hookId });
	},
};
