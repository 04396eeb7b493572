import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { listWebhookEndpoints } from './endpoints';
import { withoutSecrets } from './fields';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const endpoints = await listWebhookEndpoints(this, itemIndex);
	return toItems(endpoints.map((endpoint) => withoutSecrets(endpoint)));
}
