import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { showFor } from '../shared/descriptions';
import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import { requiredIdList } from './idList';
import type { ContactGroupShareRequest, ContactGroupsShared, EmptyAnswer } from './types';
import type { AgentRisk } from '../shared/types';

export const option: INodePropertyOptions = {
	name: 'Share',
	value: 'share',
	action: 'Share contact groups with members',
	description: 'Share contact groups with corporate members',
};

export const agentRisk: AgentRisk = { kind: 'changes' };

export const description: INodeProperties[] = [
	{
		displayName: 'Group IDs',
		name: 'groupIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. group_1, group_2',
		description:
			'IDs of the contact groups to share, separated by commas, or an expression giving a list',
		displayOptions: showFor('contactGroup', 'share'),
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
		displayOptions: showFor('contactGroup', 'share'),
	},
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const groupIds = requiredIdList(this, 'groupIds', 'Group IDs', itemIndex);
	const memberIds = requiredIdList(this, 'memberIds', 'Member IDs', itemIndex);
	const body: ContactGroupShareRequest = { group_ids: groupIds, member_ids: memberIds };
	await faxPlusApiRequest<EmptyAnswer>(this, {
		method: 'POST',
		path: '/accounts/self/contact-groups/share',
		body: { ...body },
		itemIndex,
	});
	const shared: ContactGroupsShared = { shared: true, groupIds, memberIds };
	return toItems(shared);
}
