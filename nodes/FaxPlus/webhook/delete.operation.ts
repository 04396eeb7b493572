import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { apiRequest } from '../shared/requests';
import { endpointIdOf, endpointLocator, endpointNotFound } from './fields';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a webhook endpoint',
	description: 'Stop the deliveries of an endpoint and remove it',
};

export const agentRisk = { kind: 'deletes' } as const;

const properties: INodeProperties[] = [endpointLocator('The webhook endpoint to delete')];

const displayOptions = { show: { resource: ['webhook'], operation: ['delete'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const endpointId = endpointIdOf(this, itemIndex);
	// Not deleteWebhookEndpoint: here a 404 is an error the user must see.
	await apiRequest(this, {
		method: 'DELETE',
		path: `/webhooks/${encodeURIComponent(endpointId)}`,
		itemIndex,
	}).catch(endpointNotFound(this, endpointId, itemIndex));
	return toItems({ deleted: true, endpointId });
}
