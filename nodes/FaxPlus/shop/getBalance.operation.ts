import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../transport';
import type { Balance } from './types';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const balance = await faxPlusApiRequest<Balance>(this, { method: 'GET', path: '/shop/balance', itemIndex });
	return toItems(balance);
}
