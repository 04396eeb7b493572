import type { INodeListSearchItems, INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource, ListSearchMethod } from '../shared/types';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as list from './list.operation';
import * as update from './update.operation';
import { listWebhookEndpoints } from './endpoints';

const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['webhook'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a webhook endpoint',
			description: 'Subscribe an HTTPS URL to fax events; outputs the new endpoint with its ID',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a webhook endpoint',
			description: 'Stop the deliveries of an endpoint and remove it',
		},
		{
			name: 'Get Many',
			value: 'list',
			action: 'Get many webhook endpoints',
			description: 'One item per webhook endpoint of the account',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a webhook endpoint',
			description: 'Change the URL, the events or the numbers filter of an endpoint',
		},
	],
	default: 'list',
};

/** The endpoint picker of Update and Delete: each endpoint's URL and events, filtered by URL, event or ID. */
const searchWebhookEndpoints: ListSearchMethod = async function (filter) {
	const query = (filter ?? '').trim().toLowerCase();
	const results: INodeListSearchItems[] = (await listWebhookEndpoints(this))
		.map((endpoint) => ({
			name: `${endpoint.url} (${(endpoint.filter_types ?? []).join(', ')})`,
			value: endpoint.id,
		}))
		.filter((entry) => !query || `${entry.name} ${entry.value}`.toLowerCase().includes(query));
	return { results };
};

export const webhook: FaxPlusResource = {
	option: {
		name: 'Webhook',
		value: 'webhook',
		description: 'Webhook endpoints of the current API, which deliver fax events to an HTTPS URL',
	},
	description: [operationField, ...create.description, ...del.description, ...list.description, ...update.description],
	operations: { create, delete: del, list, update },
	listSearch: { searchWebhookEndpoints },
};
