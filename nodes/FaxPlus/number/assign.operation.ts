import { memberLocator, userIdFields } from '../shared/descriptions';
import { answerOr, requiredString, userIdOf } from '../shared/items';
import { faxPlusApiRequest } from '../../shared/transport/transport';
import { faxNumberField, faxNumberOf } from './fields';
import type { FaxPlusOperation } from '../shared/types';

export const assign: FaxPlusOperation = {
	agentRisk: { kind: 'changes' },
	description: [
		...userIdFields('The owner of the number: yourself ("self") as the account admin'),
		faxNumberField('The fax number to assign'),
		memberLocator('The corporate member who gets the number'),
	],
	async execute(itemIndex) {
		const userId = userIdOf(this, itemIndex);
		const number = faxNumberOf(this, itemIndex);
		const memberUserId = requiredString(this, 'memberUserId', 'Member', itemIndex);
		const answer = await faxPlusApiRequest<object | undefined>(this, {
			method: 'PUT',
			path: `/accounts/${encodeURIComponent(userId)}/numbers/${encodeURIComponent(number)}`,
			body: { assigned_to: memberUserId },
			itemIndex,
		});
		return answerOr(answer, { assigned: true, number, assignedTo: memberUserId });
	},
};
