import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { apiRequest } from '../shared/requests';
import { requiredIdList } from '../shared/values';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Share',
	value: 'share',
	action: 'Share contact groups with members',
	description: 'Share contact groups with corporate members',
};

export const agentRisk = { kind: 'changes' } as const;

const properties: INodeProperties[] = [
	{
		displayName: 'Group IDs',
		name: 'groupIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. group_1, group_2',
		description:
			'IDs of the contact groups to share, separated by commas, or an expression giving a list',
	},
	{
		displayName: 'Member IDs',
		name: 'memberIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. member_1, member_2',
		description:
			'User IDs of the corporate members to share the groups with, separated by commas, or an expression giving a list',
	},
];

const displayOptions = { show: { resource: ['contactGroup'], operation: ['share'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const groupIds = requiredIdList(this, 'groupIds', 'Group IDs', itemIndex);
	const memberIds = requiredIdList(this, 'memberIds', 'Member IDs', itemIndex);
	await apiRequest(this, {
		method: 'POST',
		path: '/accounts/self/contact-groups/share',
		body: { group_ids: groupIds, member_ids: memberIds },
		itemIndex,
	});
	return toItems({ shared: true, groupIds, memberIds });
}
