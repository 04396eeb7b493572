import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { deleteItem } from '../shared/recordItems';
import { resourceLocator } from '../shared/parameters';
import { requiredString } from '../shared/values';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Delete Custom Field',
	value: 'deleteCustomField',
	action: 'Delete an AI custom field',
	description: 'Remove an AI custom field definition (admins only)',
};

export const agentRisk = { kind: 'deletes' } as const;

const properties: INodeProperties[] = [
	resourceLocator({
		displayName: 'Custom Field',
		name: 'customField',
		description: 'The AI custom field to delete; extraction no longer returns it',
		searchListMethod: 'searchCustomFields',
	}),
];

const displayOptions = { show: { resource: ['ai'], operation: ['deleteCustomField'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const customFieldId = requiredString(this, 'customField', 'Custom Field', itemIndex);
	const path = `/accounts/self/ai/custom-fields/${encodeURIComponent(customFieldId)}`;
	return await deleteItem(this, path, itemIndex, { customFieldId });
}
