import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { fieldWithPlace, UPDATE_FIELDS } from '../shared/parameters';
import { updateFieldsCollection, nonEmptyUpdate } from '../shared/updateFields';
import { toItems } from '../shared/items';
import {
	checkDeliverableUrl,
	listWebhookEndpoints,
	updateWebhookEndpoint,
	type WebhookEndpointInput,
	checkUrl,
} from '../../shared/api/webhookEndpoints';
import {
	CHANNELS_FIELD,
	checkFilterTypes,
	endpointIdOf,
	endpointLocator,
	endpointNotFound,
	EVENTS_FIELD,
	URL_FIELD,
	withoutSecrets,
} from './fields';
import { e164Numbers } from '../shared/faxNumbers';
import { refusalOf } from '../../shared/transport/nodeErrors';
import { updateDisplayOptions } from '../shared/display';
import { requestScope } from '../shared/requests';

export const option = {
	name: 'Update',
	value: 'update',
	action: 'Update a webhook endpoint',
	description: 'Change the URL, the events or the numbers filter of an endpoint',
};

export const agentRisk = { kind: 'changes' } as const;

const properties: INodeProperties[] = [
	endpointLocator('The webhook endpoint to change'),
	updateFieldsCollection([
		{
			displayName: 'Clear Number Filter',
			name: 'clearChannels',
			type: 'boolean',
			default: true,
			description: 'Whether to remove the numbers filter, so every matching fax is delivered',
		},
		{
			...EVENTS_FIELD,
			description: 'Fax events delivered to the URL; at least one. Replaces the current events.',
		},
		{
			...CHANNELS_FIELD,
			description: 'Deliver only faxes from or to these numbers; replaces the current filter',
		},
		URL_FIELD,
	]),
];

const displayOptions = { show: { resource: ['webhook'], operation: ['update'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const endpointId = endpointIdOf(this, itemIndex);
	const changes = changesOf(this, itemIndex);
	if (changes.url !== undefined)
		await checkDeliverableUrl(this, changes.url, { label: 'URL', itemIndex });
	await updateWebhookEndpoint(this, endpointId, changes, requestScope(this, itemIndex)).catch(
		endpointNotFound(this, endpointId, itemIndex),
	);
	// The spec gives no answer body for the update: read the endpoint back.
	const endpoint = (await listWebhookEndpoints(this, requestScope(this, itemIndex))).find(
		(entry) => entry.id === endpointId,
	);
	return toItems(endpoint ? withoutSecrets(endpoint) : { updated: true, endpointId });
}

/** The fields the user set, checked; refuses an empty or contradictory update before any request. */
function changesOf(context: IExecuteFunctions, itemIndex: number): Partial<WebhookEndpointInput> {
	const refuse = refusalOf(context, itemIndex);
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const changes: Partial<WebhookEndpointInput> = {};
	if (fields.url !== undefined) changes.url = checkUrl(context, fields.url, itemIndex);
	if (fields.filterTypes !== undefined)
		changes.filterTypes = checkFilterTypes(context, fields.filterTypes, itemIndex);
	const clear = fields.clearChannels === true || fields.clearChannels === 'true';
	if (fields.channels !== undefined) {
		const channels = e164Numbers(context, itemIndex, fields.channels, 'Numbers Filter');
		if (clear && channels.length > 0) {
			throw refuse(
				'Numbers Filter and Clear Number Filter cannot be used together',
				`Either enter the numbers of the new filter, or turn on ${fieldWithPlace(UPDATE_FIELDS, 'Clear Number Filter')} to remove it.`,
			);
		}
		if (!clear && channels.length === 0) {
			throw refuse(
				'Numbers Filter is empty',
				`Enter the numbers of the new filter, or use ${fieldWithPlace(UPDATE_FIELDS, 'Clear Number Filter')} to deliver faxes of every number.`,
			);
		}
		if (channels.length > 0) changes.channels = channels;
	}
	if (clear) changes.channels = null;
	return nonEmptyUpdate(
		context,
		itemIndex,
		changes,
		'URL, Events, Numbers Filter or Clear Number Filter',
	);
}
