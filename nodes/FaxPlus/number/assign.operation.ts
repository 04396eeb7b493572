import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { memberLocator, userIdFields } from '../shared/parameters';
import { requiredString, userIdOf } from '../shared/values';
import { answerOr } from '../shared/recordItems';
import { apiRequest } from '../shared/requests';
import { faxNumberField, faxNumberOf } from './fields';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Assign',
	value: 'assign',
	action: 'Assign a fax number to a member',
	description: "Give a corporate member the use of one of the account's fax numbers (admins only)",
};

export const agentRisk = { kind: 'changes' } as const;

const properties: INodeProperties[] = [
	...userIdFields('The owner of the number: yourself ("self") as the account admin'),
	faxNumberField('The fax number to assign'),
	memberLocator('The corporate member who gets the number'),
];

const displayOptions = { show: { resource: ['number'], operation: ['assign'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const userId = userIdOf(this, itemIndex);
	const number = faxNumberOf(this, itemIndex);
	const memberUserId = requiredString(this, 'memberUserId', 'Member', itemIndex);
	const answer = await apiRequest<object | undefined>(this, {
		method: 'PUT',
		path: `/accounts/${encodeURIComponent(userId)}/numbers/${encodeURIComponent(number)}`,
		body: { assigned_to: memberUserId },
		itemIndex,
	});
	return answerOr(answer, { assigned: true, number, assignedTo: memberUserId });
}
