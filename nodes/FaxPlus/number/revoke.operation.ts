import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { userIdOf } from '../shared/values';
import { answerOr } from '../shared/recordItems';
import { apiRequest } from '../shared/requests';
import { faxNumberField, faxNumberOf } from './fields';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Revoke',
	value: 'revoke',
	action: 'Revoke a fax number from a member',
	description:
		'Take a fax number away from a corporate member, or from yourself ("self"); never from the admin',
};

export const agentRisk = { kind: 'changes' } as const;

const properties: INodeProperties[] = [
	...userIdFields('The member to take the number from, or yourself ("self")'),
	faxNumberField('The fax number to revoke'),
];

const displayOptions = { show: { resource: ['number'], operation: ['revoke'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const userId = userIdOf(this, itemIndex);
	const number = faxNumberOf(this, itemIndex);
	const answer = await apiRequest<IDataObject | undefined>(this, {
		method: 'DELETE',
		path: `/accounts/${encodeURIComponent(userId)}/numbers/${encodeURIComponent(number)}`,
		itemIndex,
	});
	return answerOr(answer, { revoked: true, number, userId });
}
