import * as operations from './operations';
import { matchesFilter } from '../shared/locators';
import { defineResource } from '../shared/resource';
import type { ListSearchMethod } from '../shared/types';
import { listWebhookEndpoints } from '../../shared/api/webhookEndpoints';

const searchWebhookEndpoints: ListSearchMethod = async function (filter) {
	const results = (await listWebhookEndpoints(this))
		.map((endpoint) => ({
			name: `${endpoint.url} (${(endpoint.filter_types ?? []).join(', ')})`,
			value: endpoint.id,
		}))
		.filter((entry) => matchesFilter(entry, filter));
	return { results };
};

export const webhook = defineResource({
	operations,
	operation: {
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
				value: 'getAll',
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
		default: 'getAll',
	},
	listSearch: { searchWebhookEndpoints },
});
