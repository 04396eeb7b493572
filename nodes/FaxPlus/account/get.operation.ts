import { userIdFields } from '../shared/descriptions';
import { userIdOf, toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import type { AccountRecord } from './types';
import type { FaxPlusOperation } from '../shared/types';

export const get: FaxPlusOperation = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get an account',
		description: "Get a user's account: name, email, phone, type, status, settings",
	},
	description: userIdFields(),
	async execute(itemIndex) {
		const userId = userIdOf(this, itemIndex);
		const account = await faxPlusApiRequest<AccountRecord>(this, {
			method: 'GET',
			path: `/accounts/${encodeURIComponent(userId)}`,
			itemIndex,
		});
		return toItems(account ?? {});
	},
};
