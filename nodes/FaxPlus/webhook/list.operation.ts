import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { limited, resultLimit, returnAllOrLimit } from '../shared/paging';
import { listWebhookEndpoints } from './endpoints';
import { withoutSecrets } from './fields';

export const description: INodeProperties[] = returnAllOrLimit('webhook', 'list');

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const limit = resultLimit(this, itemIndex);
	const endpoints = await listWebhookEndpoints(this, itemIndex);
	return toItems(limited(endpoints, limit).map((endpoint) => withoutSecrets(endpoint)));
}
