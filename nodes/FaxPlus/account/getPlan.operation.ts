import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { userIdField } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { faxPlusApiRequest, segment } from '../transport';
import type { AccountPlan } from './types';

export const description: INodeProperties[] = [userIdField('account', 'getPlan')];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const plan = await faxPlusApiRequest<AccountPlan>(this, {
		method: 'GET',
		path: `/accounts/${segment(userId)}/plan`,
		itemIndex,
	});
	return toItems(plan);
}
