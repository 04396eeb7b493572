import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { userIdFields } from '../shared/descriptions';
import { getItem, userIdOf } from '../shared/items';
import { toolFields } from '../shared/toolFields';
import { updateDisplayOptions } from '../shared/updateDisplayOptions';

export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get an account',
	description: "Get a user's account: name, email, phone, type, status, settings",
};

const properties: INodeProperties[] = [...toolFields(option), ...userIdFields()];

const displayOptions = { show: { resource: ['account'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await getItem(
		this,
		`/accounts/${encodeURIComponent(userIdOf(this, itemIndex))}`,
		itemIndex,
	);
}
