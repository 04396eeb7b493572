import type { IDataObject } from 'n8n-workflow';
import { userIdFields } from '../shared/descriptions';
import { answerOr, userIdOf } from '../shared/items';
import { faxPlusApiRequest } from '../../shared/transport/transport';
import { faxNumberField, faxNumberOf } from './fields';
import type { FaxPlusOperation } from '../shared/types';

export const revoke: FaxPlusOperation = {
	agentRisk: { kind: 'changes' },
	description: [
		...userIdFields('The member to take the number from, or yourself ("self")'),
		faxNumberField('The fax number to revoke'),
	],
	async execute(itemIndex) {
		const userId = userIdOf(this, itemIndex);
		const number = faxNumberOf(this, itemIndex);
		const answer = await faxPlusApiRequest<IDataObject | undefined>(this, {
			method: 'DELETE',
			path: `/accounts/${encodeURIComponent(userId)}/numbers/${encodeURIComponent(number)}`,
			itemIndex,
		});
		return answerOr(answer, { revoked: true, number, userId });
	},
};
