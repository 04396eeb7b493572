import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { getItem } from '../shared/recordItems';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get Balance',
	value: 'getBalance',
	action: 'Get the account balance',
	description: 'Read the balance of the account and its currency',
};

export const toolDescription =
	"Get the account's Fax.Plus balance (prepaid credit). Needs nothing. Returns the balance and its currency.";

const properties: INodeProperties[] = [];

const displayOptions = { show: { resource: ['shop'], operation: ['getBalance'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await getItem(this, '/shop/balance', itemIndex);
}
