import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { requiredString, userIdOf } from '../shared/values';
import { e164Numbers } from '../shared/faxNumbers';
import { apiRequest } from '../shared/requests';
import { userIdFields, resourceLocator, USER_DEPENDENCY } from '../shared/parameters';
import { updateFieldsCollection, nonEmptyUpdate, updateText } from '../shared/updateFields';
import { answerOr } from '../shared/recordItems';
import { CONTACT_UNTRUSTED } from './list';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Update',
	value: 'update',
	action: 'Update a contact',
	description: "Change a contact's name, company or fax numbers",
};

export const agentRisk = { kind: 'changes' } as const;
export const untrusted = CONTACT_UNTRUSTED;

const properties: INodeProperties[] = [
	...userIdFields(),
	resourceLocator({
		displayName: 'Contact',
		name: 'contactId',
		description: 'The contact to change',
		searchListMethod: 'searchContacts',
		dependsOn: USER_DEPENDENCY,
	}),
	updateFieldsCollection([
		{ displayName: 'Company', name: 'company', type: 'string', default: '' },
		{ displayName: 'Name', name: 'name', type: 'string', default: '' },
		{
			displayName: 'Numbers',
			name: 'numbers',
			type: 'string',
			default: '',
			placeholder: 'e.g. +15551234567, +4930123456',
			description:
				"The contact's fax numbers in E.164 format, separated by commas; they replace the current ones",
		},
	]),
];

const displayOptions = { show: { resource: ['contact'], operation: ['update'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const userId = userIdOf(this, itemIndex);
	const contactId = requiredString(this, 'contactId', 'Contact', itemIndex);
	const body = modification(this, itemIndex);
	const answer = await apiRequest<IDataObject | undefined>(this, {
		method: 'PUT',
		path: `/accounts/${encodeURIComponent(userId)}/contacts/${encodeURIComponent(contactId)}`,
		body,
		itemIndex,
	});
	return answerOr(answer, { updated: true, contactId, ...body });
}

function modification(context: IExecuteFunctions, itemIndex: number) {
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	const name = updateText(context, itemIndex, fields, 'name', 'Name');
	if (name !== undefined) body.name = name;
	if (fields.company !== undefined) body.company = String(fields.company ?? '').trim();
	if (fields.numbers !== undefined)
		body.numbers = e164Numbers(context, itemIndex, fields.numbers, 'Numbers');
	return nonEmptyUpdate(context, itemIndex, body, 'Name, Company or Numbers');
}
