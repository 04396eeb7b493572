import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { getItem } from '../shared/recordItems';
import { userIdFields } from '../shared/parameters';
import { userIdOf } from '../shared/values';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get Plan',
	value: 'getPlan',
	action: 'Get the plan of an account',
	description: 'Read the plan type and the admin and owner flags of an account',
};

export const toolDescription =
	'Get the Fax.Plus plan of the account or of a member: pages, limits and features. Needs the user: "self" or a member\'s user ID. Returns the plan\'s fields.';

const properties: INodeProperties[] = userIdFields();

const displayOptions = { show: { resource: ['account'], operation: ['getPlan'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await getItem(
		this,
		`/accounts/${encodeURIComponent(userIdOf(this, itemIndex))}/plan`,
		itemIndex,
	);
}
