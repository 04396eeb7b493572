import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { answerOr } from '../shared/recordItems';
import { requiredString } from '../shared/values';
import { apiRequest } from '../shared/requests';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Purchase Number',
	value: 'purchaseNumber',
	action: 'Purchase a number',
	description: 'Buy the number of an offer found by Search Numbers',
};

export const agentRisk = { kind: 'spends' } as const;
/** One at a time, in order: each spends money; a failure stops the rest. */
export const maxItemsAtOnce = 1;

const properties: INodeProperties[] = [
	{
		displayName: 'Offer Item ID',
		name: 'itemId',
		type: 'string',
		default: '',
		required: true,
		description: 'ID of the item of a number offer, as Search Numbers outputs it under "item"',
	},
];

const displayOptions = { show: { resource: ['shop'], operation: ['purchaseNumber'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const itemId = requiredString(this, 'itemId', 'Offer Item ID', itemIndex);
	const answer = await apiRequest<object | undefined>(this, {
		method: 'POST',
		path: '/shop/numbers/purchase',
		body: { item_id: itemId },
		itemIndex,
	});
	return answerOr(answer, { purchased: true, itemId });
}
