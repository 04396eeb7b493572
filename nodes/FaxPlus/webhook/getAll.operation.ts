import { toItems } from '../shared/items';
import { limited, resultLimit, returnAllOrLimit } from '../shared/paging';
import { listWebhookEndpoints } from '../../api/webhookEndpoints';
import { withoutSecrets } from './fields';
import type { FaxPlusOperation } from '../shared/types';

export const getAll: FaxPlusOperation = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many webhook endpoints',
		description: 'One item per webhook endpoint of the account',
	},
	description: returnAllOrLimit('webhook', 'getAll'),
	async execute(itemIndex) {
		const limit = resultLimit(this, itemIndex);
		const endpoints = await listWebhookEndpoints(this, itemIndex);
		return toItems(limited(endpoints, limit).map((endpoint) => withoutSecrets(endpoint)));
	},
};
