import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { showFor } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { resourceLocator } from '../shared/locators';
import { faxPlusApiRequest } from '../../api/transport';
import type { MemberDetail } from './types';

export const option: INodePropertyOptions = {
	name: 'Get Member',
	value: 'getMember',
	action: 'Get a corporate member',
	description: "Get a corporate member's role and faxing quota (admins only)",
};

export const description: INodeProperties[] = [
	resourceLocator({
		displayName: 'Member',
		name: 'memberUserId',
		description: 'The corporate member to get',
		displayOptions: showFor('account', 'getMember'),
		searchListMethod: 'searchMembers',
		listPlaceholder: 'Select a member...',
		idPlaceholder: 'e.g. 7724157c0974440293e45877c57f0703',
	}),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const memberUserId = requiredString(this, 'memberUserId', 'Member', itemIndex);
	const detail = await faxPlusApiRequest<MemberDetail | undefined>(this, {
		method: 'GET',
		path: `/accounts/self/member-details/${encodeURIComponent(memberUserId)}`,
		itemIndex,
	});
	return toItems({ memberUserId, ...detail });
}
