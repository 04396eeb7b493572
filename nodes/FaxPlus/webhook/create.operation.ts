import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { toItems } from '../shared/items';
import {
	checkDeliverableUrl,
	createWebhookEndpoint,
	type WebhookEndpointInput,
	checkUrl,
} from '../../shared/api/webhookEndpoints';
import {
	CHANNELS_FIELD,
	checkFilterTypes,
	EVENTS_FIELD,
	URL_FIELD,
	withoutSecrets,
} from './fields';
import { e164Numbers } from '../shared/faxNumbers';
import { updateDisplayOptions } from '../shared/display';
import { requestScope } from '../shared/requests';

export const option = {
	name: 'Create',
	value: 'create',
	action: 'Create a webhook endpoint',
	description: 'Subscribe an HTTPS URL to fax events; outputs the new endpoint with its ID',
};

export const agentRisk = { kind: 'changes' } as const;

const properties: INodeProperties[] = [
	{ ...URL_FIELD, required: true },
	{ ...EVENTS_FIELD, required: true },
	{ ...CHANNELS_FIELD },
];

const displayOptions = { show: { resource: ['webhook'], operation: ['create'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const parameter = (name: string, fallback: unknown = '') =>
		this.getNodeParameter(name, itemIndex, fallback);
	const input: WebhookEndpointInput = {
		url: checkUrl(this, parameter('url'), itemIndex),
		filterTypes: checkFilterTypes(this, parameter('filterTypes', []), itemIndex),
	};
	const channels = e164Numbers(this, itemIndex, parameter('channels'), 'Numbers Filter');
	if (channels.length > 0) input.channels = channels;
	await checkDeliverableUrl(this, input.url, { label: 'URL', itemIndex });

	const created = (await createWebhookEndpoint(this, input, requestScope(this, itemIndex))).at(-1);
	if (created) return toItems(withoutSecrets(created));
	return toItems({
		created: true,
		url: input.url,
		filter_types: input.filterTypes,
		channels: input.channels ?? null,
	});
}
