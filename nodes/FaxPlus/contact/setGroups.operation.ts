import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { answerOr } from '../shared/recordItems';
import { resourceLocator } from '../shared/parameters';
import { requiredIdList, requiredString } from '../shared/values';
import { apiRequest } from '../shared/requests';
import { CONTACT_UNTRUSTED } from './list';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Set Groups',
	value: 'setGroups',
	action: 'Set the groups of a contact',
	description: "Set a contact's contact groups (it leaves every group not listed)",
};

export const agentRisk = { kind: 'changes' } as const;
export const untrusted = CONTACT_UNTRUSTED;

export const toolDescription =
	"Set which contact groups one of your contacts is in. Fax.Plus replaces the contact's groups with the ones given: list every group the contact should stay in. Needs the contact ID and the group IDs. Returns the contact ID and its groups.";

const properties: INodeProperties[] = [
	{
		displayName:
			'Fax.Plus takes the contact out of every group not listed here: list all the groups it should be in',
		name: 'replacesNotice',
		type: 'notice',
		default: '',
	},
	resourceLocator({
		displayName: 'Contact',
		name: 'contactId',
		description: 'The contact to put in the groups',
		searchListMethod: 'searchContacts',
	}),
	{
		displayName: 'Group IDs',
		name: 'groupIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. group_1, group_2',
		description:
			'IDs of all the contact groups the contact should be in, separated by commas, or an expression giving a list',
		hint: 'Entered by ID: Fax.Plus has no list of contact groups to pick from',
	},
];

const displayOptions = { show: { resource: ['contact'], operation: ['setGroups'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const contactId = requiredString(this, 'contactId', 'Contact', itemIndex);
	const groupIds = requiredIdList(this, 'groupIds', 'Group IDs', itemIndex);
	const answer = await apiRequest<IDataObject | undefined>(this, {
		method: 'POST',
		path: '/accounts/self/contacts/assign-groups',
		body: { contact_id: contactId, group_ids: groupIds },
		itemIndex,
	});
	return answerOr(answer, { assigned: true, contactId, groupIds });
}
