import { getManyOperation } from '../shared/paging';
import { listWebhookEndpoints } from '../../api/webhookEndpoints';
import { withoutSecrets } from './fields';

export const getAll = getManyOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many webhook endpoints',
		description: 'One item per webhook endpoint of the account',
	},
	async list(itemIndex) {
		return (await listWebhookEndpoints(this, itemIndex)).map(withoutSecrets);
	},
});
