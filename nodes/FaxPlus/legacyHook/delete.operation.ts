import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { resourceLocator } from '../shared/parameters';
import { requiredString } from '../shared/values';
import { deleteLegacyHook } from '../../shared/api/legacyHooks';
import { updateDisplayOptions } from '../shared/display';
import { requestScope } from '../shared/requests';

export const option = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a legacy hook',
	description: 'Stop the deliveries of a legacy hook and remove it',
};

export const agentRisk = { kind: 'deletes' } as const;

const properties: INodeProperties[] = [
	resourceLocator({
		displayName: 'Hook',
		name: 'hook',
		description: 'The legacy hook to delete',
		searchListMethod: 'searchLegacyHooks',
	}),
];

const displayOptions = { show: { resource: ['legacyHook'], operation: ['delete'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const hookId = requiredString(this, 'hook', 'Hook', itemIndex);
	const deleted = await deleteLegacyHook(this, hookId, requestScope(this, itemIndex));
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
}
