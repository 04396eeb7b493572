import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { memberLocator } from '../shared/parameters';
import { requiredString } from '../shared/values';
import { toItems } from '../shared/items';
import { apiGet } from '../shared/requests';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get Member',
	value: 'getMember',
	action: 'Get a corporate member',
	description: "Get a corporate member's role and faxing quota (admins only)",
};

const properties: INodeProperties[] = [memberLocator('The corporate member to get')];

const displayOptions = { show: { resource: ['account'], operation: ['getMember'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const memberUserId = requiredString(this, 'memberUserId', 'Member', itemIndex);
	const path = `/accounts/self/member-details/${encodeURIComponent(memberUserId)}`;
	const detail = await apiGet<IDataObject | undefined>(this, path, itemIndex);
	return toItems({ memberUserId, ...detail });
}
