import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { toItems } from '../shared/items';
import { limited, resultLimit, returnAllOrLimit } from '../shared/paging';
import { listWebhookEndpoints } from '../../api/webhookEndpoints';
import { withoutSecrets } from './fields';

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many webhook endpoints',
	description: 'One item per webhook endpoint of the account',
};

export const description: INodeProperties[] = returnAllOrLimit('webhook', 'getAll');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const limit = resultLimit(this, itemIndex);
	const endpoints = await listWebhookEndpoints(this, itemIndex);
	return toItems(limited(endpoints, limit).map((endpoint) => withoutSecrets(endpoint)));
}
