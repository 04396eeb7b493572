import { memberLocator } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../shared/transport/transport';
import type { MemberDetail } from './types';
import type { FaxPlusOperation } from '../shared/types';

export const getMember: FaxPlusOperation = {
	description: [memberLocator('The corporate member to get')],
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
