import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../transport';
import type { AiCreditSummary } from './types';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const credits = await faxPlusApiRequest<AiCreditSummary>(this, {
		method: 'GET',
		path: '/accounts/self/ai/credits',
		itemIndex,
	});
	return toItems(credits);
}
