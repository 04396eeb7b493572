import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../shared/transport/transport';
import { endpointIdOf, endpointLocator, endpointNotFound } from './fields';
import type { FaxPlusOperation } from '../shared/types';

export const deleteOperation: FaxPlusOperation = {
	agentRisk: { kind: 'deletes' },
	description: [endpointLocator('The webhook endpoint to delete')],
	async execute(itemIndex) {
		const endpointId = endpointIdOf(this, itemIndex);
		// Not deleteWebhookEndpoint: here a 404 is an error the user must see.
		await faxPlusApiRequest(this, {
			method: 'DELETE',
			path: `/webhooks/${encodeURIComponent(endpointId)}`,
			itemIndex,
		}).catch(endpointNotFound(this, endpointId, itemIndex));
		return toItems({ deleted: true, endpointId });
	},
};
