import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { memberLocator } from '../shared/parameters';
import { updateFieldsCollection, nonEmptyUpdate, updateText } from '../shared/updateFields';
import { requiredString } from '../shared/values';
import { answerOr } from '../shared/recordItems';
import { apiRequest } from '../shared/requests';
import { operationError } from '../../shared/transport/nodeErrors';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Update Member',
	value: 'updateMember',
	action: 'Update a corporate member',
	description: "Change a corporate member's role or faxing quota",
};

export const agentRisk = { kind: 'changes' } as const;

const properties: INodeProperties[] = [
	memberLocator('The corporate member to change'),
	updateFieldsCollection([
		{
			displayName: 'Quota',
			name: 'quota',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
			description: 'Faxing quota of the member',
		},
		{
			displayName: 'Role',
			name: 'role',
			type: 'string',
			default: '',
			placeholder: 'e.g. member',
			description: 'Role of the member in the corporate account',
		},
	]),
];

const displayOptions = { show: { resource: ['account'], operation: ['updateMember'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const memberUserId = requiredString(this, 'memberUserId', 'Member User ID', itemIndex);
	const body = memberDetail(this, itemIndex);
	const answer = await apiRequest<object | undefined>(this, {
		method: 'PUT',
		path: `/accounts/self/member-details/${encodeURIComponent(memberUserId)}`,
		body,
		itemIndex,
	});
	return answerOr(answer, { updated: true, memberUserId, ...body });
}

function memberDetail(context: IExecuteFunctions, itemIndex: number) {
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.quota !== undefined) {
		const quota =
			typeof fields.quota === 'string' && fields.quota.trim() !== ''
				? Number(fields.quota)
				: fields.quota;
		if (typeof quota !== 'number' || !Number.isFinite(quota) || quota < 0) {
			throw operationError(context, {
				itemIndex,
				message: `Quota must be a number of 0 or more, not "${String(fields.quota)}"`,
				description: 'Set "Quota" under "Update Fields" to the member\'s faxing quota, e.g. 100.',
			});
		}
		body.quota = quota;
	}
	const role = updateText(context, itemIndex, fields, 'role', 'Role');
	if (role !== undefined) body.role = role;
	return nonEmptyUpdate(context, itemIndex, body, 'Quota or Role');
}
