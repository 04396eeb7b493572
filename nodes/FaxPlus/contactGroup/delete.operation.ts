import { requiredString, toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../shared/transport/transport';
import type { FaxPlusOperation } from '../shared/types';

export const deleteOperation: FaxPlusOperation = {
	agentRisk: { kind: 'deletes' },
	description: [
		{
			displayName: 'Group ID',
			name: 'groupId',
			type: 'string',
			default: '',
			required: true,
			description: 'ID of the contact group to delete',
			hint: 'Entered by ID: Fax.Plus has no list of contact groups to pick from',
		},
	],
	async execute(itemIndex) {
		const groupId = requiredString(this, 'groupId', 'Group ID', itemIndex);
		await faxPlusApiRequest(this, {
			method: 'DELETE',
			path: `/accounts/self/contact-groups/${encodeURIComponent(groupId)}`,
			itemIndex,
		});
		return toItems({ deleted: true, groupId });
	},
};
