import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { deleteItem } from '../shared/recordItems';
import { requiredString } from '../shared/values';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a contact group',
	description: 'Delete a contact group of the account',
};

export const agentRisk = { kind: 'deletes' } as const;

const properties: INodeProperties[] = [
	{
		displayName: 'Group ID',
		name: 'groupId',
		type: 'string',
		default: '',
		required: true,
		description: 'ID of the contact group to delete',
		hint: 'Entered by ID: Fax.Plus has no list of contact groups to pick from',
	},
];

const displayOptions = { show: { resource: ['contactGroup'], operation: ['delete'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const groupId = requiredString(this, 'groupId', 'Group ID', itemIndex);
	const path = `/accounts/self/contact-groups/${encodeURIComponent(groupId)}`;
	return await deleteItem(this, path, itemIndex, { groupId });
}
