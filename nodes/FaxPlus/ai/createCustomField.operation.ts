import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { apiRequest } from '../shared/requests';
import { ENABLED_FIELD, type AiCustomField } from './customFields';
import { booleanValue, requiredString } from '../shared/values';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Create Custom Field',
	value: 'createCustomField',
	action: 'Create an AI custom field',
	description: 'Define a field for Fax AI to extract (admins only)',
};

export const agentRisk = { kind: 'changes' } as const;

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. invoice_number',
		description: 'Name of the field; it becomes the key of the value in extraction results',
	},
	{
		displayName: 'Instructions',
		name: 'instructions',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		placeholder: 'e.g. The invoice number printed near the top of the first page',
		description: 'What to extract, in plain words',
	},
	ENABLED_FIELD,
];

const displayOptions = { show: { resource: ['ai'], operation: ['createCustomField'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const name = requiredString(this, 'name', 'Name', itemIndex);
	const instructions = String(this.getNodeParameter('instructions', itemIndex, '') ?? '');
	const enabled = this.getNodeParameter('enabled', itemIndex, true);
	const field = await apiRequest<AiCustomField>(this, {
		method: 'POST',
		path: '/accounts/self/ai/custom-fields',
		body: { name, instructions, enabled: booleanValue(this, itemIndex, enabled, 'Enabled') },
		itemIndex,
	});
	return toItems(field);
}
