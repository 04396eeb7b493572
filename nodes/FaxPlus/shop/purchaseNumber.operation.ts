import { answerOr, requiredString } from '../shared/items';
import { faxPlusApiRequest } from '../../shared/transport/transport';
import type { FaxPlusOperation } from '../shared/types';

export const purchaseNumber: FaxPlusOperation = {
	agentRisk: { kind: 'spends' },
	/** One at a time, in order: each spends money; a failure stops the rest. */
	maxItemsAtOnce: 1,
	description: [
		{
			displayName: 'Offer Item ID',
			name: 'itemId',
			type: 'string',
			default: '',
			required: true,
			description: 'ID of the item of a number offer, as Search Numbers outputs it under "item"',
		},
	],
	async execute(itemIndex) {
		const itemId = requiredString(this, 'itemId', 'Offer Item ID', itemIndex);
		const answer = await faxPlusApiRequest<object | undefined>(this, {
			method: 'POST',
			path: '/shop/numbers/purchase',
			body: { item_id: itemId },
			itemIndex,
		});
		return answerOr(answer, { purchased: true, itemId });
	},
};
