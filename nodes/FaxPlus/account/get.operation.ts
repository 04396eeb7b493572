import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { userIdOf } from '../shared/values';
import { getItem } from '../shared/recordItems';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get',
	value: 'get',
	action: 'Get account details',
	description:
		"Your own account's details, or a corporate member's: name, email, phone, type, status, settings",
};

const properties: INodeProperties[] = userIdFields();

const displayOptions = { show: { resource: ['account'], operation: ['get'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await getItem(
		this,
		`/accounts/${encodeURIComponent(userIdOf(this, itemIndex))}`,
		itemIndex,
	);
}
