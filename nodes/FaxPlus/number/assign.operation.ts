import type { IDataObject } from 'n8n-workflow';
import { showFor, userIdFields } from '../shared/descriptions';
import { answerOr, requiredString, userIdOf } from '../shared/items';
import { resourceLocator } from '../shared/locators';
import { faxPlusApiRequest } from '../../api/transport';
import { faxNumberField, faxNumberOf } from './fields';
import type { NumberAssigned, NumberModification } from './types';
import type { FaxPlusOperation } from '../shared/types';

export const assign: FaxPlusOperation = {
	option: {
		name: 'Assign',
		value: 'assign',
		action: 'Assign a fax number to a member',
		description:
			"Give a corporate member the use of one of the account's fax numbers (admins only)",
	},
	agentRisk: { kind: 'changes' },
	description: [
		...userIdFields(
			'number',
			'assign',
			'The owner of the number: yourself ("self") as the account admin',
		),
		faxNumberField('assign', 'The fax number to assign'),
		resourceLocator({
			displayName: 'Member',
			name: 'memberUserId',
			description: 'The corporate member who gets the number',
			displayOptions: showFor('number', 'assign'),
			searchListMethod: 'searchMembers',
			listPlaceholder: 'Select a member...',
			idPlaceholder: 'e.g. 7724157c0974440293e45877c57f0703',
		}),
	],
	async execute(itemIndex) {
		const userId = userIdOf(this, itemIndex);
		const number = faxNumberOf(this, itemIndex);
		const memberUserId = requiredString(this, 'memberUserId', 'Member', itemIndex);
		const body: NumberModification = { assigned_to: memberUserId };
		const answer = await faxPlusApiRequest<IDataObject | undefined>(this, {
			method: 'PUT',
			path: `/accounts/${encodeURIComponent(userId)}/numbers/${encodeURIComponent(number)}`,
			body: body as unknown as IDataObject,
			itemIndex,
		});
		const assigned: NumberAssigned = { assigned: true, number, assignedTo: memberUserId };
		return answerOr(answer, assigned);
	},
};
