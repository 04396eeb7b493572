import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import type { AiCreditSummary } from './types';

export const option: INodePropertyOptions = {
	name: 'Get Credits',
	value: 'getCredits',
	action: 'Get the AI credits',
	description: 'Read the AI credits left, their use per feature and the next reload',
};

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const credits = await faxPlusApiRequest<AiCreditSummary>(this, {
		method: 'GET',
		path: '/accounts/self/ai/credits',
		itemIndex,
	});
	return toItems(credits);
}
