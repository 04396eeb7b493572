import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { userIdFields } from '../shared/descriptions';
import { userIdOf, toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import type { AccountRecord } from './types';

export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get an account',
	description: "Get a user's account: name, email, phone, type, status, settings",
};

export const description: INodeProperties[] = [...userIdFields('account', 'get')];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const userId = userIdOf(this, itemIndex);
	const account = await faxPlusApiRequest<AccountRecord>(this, {
		method: 'GET',
		path: `/accounts/${encodeURIComponent(userId)}`,
		itemIndex,
	});
	return toItems(account ?? {});
}
