import { userIdFields } from '../shared/descriptions';
import { userIdOf, toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../shared/transport/transport';
import { faxNumberField, faxNumberOf } from './fields';
import type { FaxPlusOperation } from '../shared/types';

export const get: FaxPlusOperation = {
	description: [...userIdFields(), faxNumberField('The fax number to get')],
	async execute(itemIndex) {
		const userId = userIdOf(this, itemIndex);
		const number = faxNumberOf(this, itemIndex);
		const answer = await faxPlusApiRequest<object | undefined>(this, {
			method: 'GET',
			path: `/accounts/${encodeURIComponent(userId)}/numbers/${encodeURIComponent(number)}`,
			itemIndex,
		});
		return toItems(answer ?? { number });
	},
};
