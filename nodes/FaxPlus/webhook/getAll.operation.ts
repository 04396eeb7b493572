import { getManyOperation } from '../shared/paging';
import { listWebhookEndpoints } from '../../shared/api/webhookEndpoints';
import { withoutSecrets } from './fields';

export const getAll = getManyOperation({
	async list(itemIndex) {
		return (await listWebhookEndpoints(this, itemIndex)).map(withoutSecrets);
	},
});
