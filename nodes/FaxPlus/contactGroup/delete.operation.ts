import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { showFor } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import type { ContactGroupDeleted, EmptyAnswer } from './types';
import type { AgentRisk } from '../shared/types';

export const option: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a contact group',
	description: 'Delete a contact group of the account',
};

export const agentRisk: AgentRisk = { kind: 'deletes' };

export const description: INodeProperties[] = [
	{
		displayName: 'Group ID',
		name: 'groupId',
		type: 'string',
		default: '',
		required: true,
		description: 'ID of the contact group to delete',
		hint: 'Entered by ID: Fax.Plus has no list of contact groups to pick from',
		displayOptions: showFor('contactGroup', 'delete'),
	},
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const groupId = requiredString(this, 'groupId', 'Group ID', itemIndex);
	await faxPlusApiRequest<EmptyAnswer>(this, {
		method: 'DELETE',
		path: `/accounts/self/contact-groups/${encodeURIComponent(groupId)}`,
		itemIndex,
	});
	const deleted: ContactGroupDeleted = { deleted: true, groupId };
	return toItems(deleted);
}
