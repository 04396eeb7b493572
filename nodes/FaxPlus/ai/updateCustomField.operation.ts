import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { resourceLocator } from '../shared/parameters';
import { updateFieldsCollection, nonEmptyUpdate, updateText } from '../shared/updateFields';
import { toItems } from '../shared/items';
import { apiRequest } from '../shared/requests';
import { ENABLED_FIELD, type AiCustomField } from './customFields';
import { booleanValue, requiredString } from '../shared/values';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Update Custom Field',
	value: 'updateCustomField',
	action: 'Update an AI custom field',
	description: 'Change the name, instructions or enabled state of an AI custom field (admins only)',
};

export const agentRisk = { kind: 'changes' } as const;

const properties: INodeProperties[] = [
	resourceLocator({
		displayName: 'Custom Field',
		name: 'customField',
		description: 'The AI custom field to update',
		searchListMethod: 'searchCustomFields',
	}),
	updateFieldsCollection([
		ENABLED_FIELD,
		{
			displayName: 'Instructions',
			name: 'instructions',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			description: 'What to extract, in plain words',
		},
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			description: 'New name of the field',
		},
	]),
];

const displayOptions = { show: { resource: ['ai'], operation: ['updateCustomField'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const fieldId = requiredString(this, 'customField', 'Custom Field', itemIndex);
	const field = await apiRequest<AiCustomField>(this, {
		method: 'PATCH',
		path: `/accounts/self/ai/custom-fields/${encodeURIComponent(fieldId)}`,
		body: changes(this, itemIndex),
		itemIndex,
	});
	return toItems(field);
}

function changes(context: IExecuteFunctions, itemIndex: number): Partial<AiCustomField> {
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: Partial<AiCustomField> = {};
	const name = updateText(context, itemIndex, fields, 'name', 'Name');
	if (name !== undefined) body.name = name;
	if (fields.instructions !== undefined) body.instructions = String(fields.instructions ?? '');
	if (fields.enabled !== undefined)
		body.enabled = booleanValue(context, itemIndex, fields.enabled, 'Enabled');
	return nonEmptyUpdate(context, itemIndex, body, 'Name, Instructions or Enabled');
}
