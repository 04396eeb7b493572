import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import type { Balance } from './types';

export const option: INodePropertyOptions = {
	name: 'Get Balance',
	value: 'getBalance',
	action: 'Get the account balance',
	description: 'Read the balance of the account and its currency',
};

/** What an AI agent reads about this operation as a tool. */
export const toolDescription =
	"Get the account's Fax.Plus balance (prepaid credit). Needs nothing. Returns the balance and its currency.";

export const description: INodeProperties[] = [];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const balance = await faxPlusApiRequest<Balance>(this, {
		method: 'GET',
		path: '/shop/balance',
		itemIndex,
	});
	return toItems(balance);
}
