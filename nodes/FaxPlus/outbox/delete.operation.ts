import { userIdFields } from '../shared/descriptions';
import { requiredString, userIdOf, toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../shared/transport/transport';
import { outboxFaxIdField } from './fields';
import type { FaxPlusOperation } from '../shared/types';

export const deleteOperation: FaxPlusOperation = {
	agentRisk: { kind: 'deletes' },
	toolDescription:
		'Cancel a fax that is still in the Fax.Plus outbox, so it is not sent. Needs the outbox ID that Send answered. Returns the cancelled outbox ID.',
	description: [...userIdFields(), outboxFaxIdField('ID of the scheduled fax to delete')],
	async execute(itemIndex) {
		const userId = userIdOf(this, itemIndex);
		const outboxFaxId = requiredString(this, 'outboxFaxId', 'Outbox Fax', itemIndex);
		await faxPlusApiRequest(this, {
			method: 'DELETE',
			path: `/accounts/${encodeURIComponent(userId)}/outbox/${encodeURIComponent(outboxFaxId)}`,
			itemIndex,
		});
		return toItems({ deleted: true, outboxFaxId, userId });
	},
};
