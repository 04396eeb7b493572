import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../transport';
import type { TokenInformation } from './types';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const information = await faxPlusApiRequest<TokenInformation>(this, {
		method: 'GET',
		path: '/auth/token',
		itemIndex,
	});
	return toItems(information);
}
