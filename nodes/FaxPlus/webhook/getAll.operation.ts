import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { getManyItems, returnAllOrLimit } from '../shared/getMany';
import { listWebhookEndpoints } from '../../shared/api/webhookEndpoints';
import { withoutSecrets } from './fields';
import { updateDisplayOptions } from '../shared/display';
import type { RequestScope } from '../../shared/transport/transport';

export const option = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many webhook endpoints',
	description: 'One item per webhook endpoint of the account',
};

const properties: INodeProperties[] = returnAllOrLimit();

const displayOptions = { show: { resource: ['webhook'], operation: ['getAll'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const endpoints = async (scope: RequestScope) =>
		(await listWebhookEndpoints(this, scope)).map(withoutSecrets);
	return await getManyItems(this, itemIndex, endpoints);
}
