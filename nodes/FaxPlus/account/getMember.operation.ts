import { showFor } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { resourceLocator } from '../shared/locators';
import { faxPlusApiRequest } from '../../api/transport';
import type { MemberDetail } from './types';
import type { FaxPlusOperation } from '../shared/types';

export const getMember: FaxPlusOperation = {
	option: {
		name: 'Get Member',
		value: 'getMember',
		action: 'Get a corporate member',
		description: "Get a corporate member's role and faxing quota (admins only)",
	},
	description: [
		resourceLocator({
			displayName: 'Member',
			name: 'memberUserId',
			description: 'The corporate member to get',
			displayOptions: showFor('account', 'getMember'),
			searchListMethod: 'searchMembers',
			listPlaceholder: 'Select a member...',
			idPlaceholder: 'e.g. 7724157c0974440293e45877c57f0703',
		}),
	],
	async execute(itemIndex) {
		const memberUserId = requiredString(this, 'memberUserId', 'Member', itemIndex);
		const detail = await faxPlusApiRequest<MemberDetail | undefined>(this, {
			method: 'GET',
			path: `/accounts/self/member-details/${encodeURIComponent(memberUserId)}`,
			itemIndex,
		});
		return toItems({ memberUserId, ...detail });
	},
};
