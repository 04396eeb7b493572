import * as operations from './operations';
import { matchesFilter } from '../shared/locators';
import { defineResource } from '../shared/resource';
import type { ListSearchMethod } from '../shared/types';
import { listWebhookEndpoints } from '../../api/webhookEndpoints';

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
	option: {
		name: 'Webhook',
		value: 'webhook',
		description: 'Webhook endpoints of the current API, which deliver fax events to an HTTPS URL',
	},
	listSearch: { searchWebhookEndpoints },
	operations: Object.values(operations),
	defaultOperation: 'getAll',
});
