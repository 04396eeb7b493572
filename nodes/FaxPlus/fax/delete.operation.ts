import { userIdFields } from '../shared/descriptions';
import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../shared/transport/transport';
import { faxIdField, faxOfItem } from './shared/fields';
import type { FaxPlusOperation } from '../shared/types';

export const deleteOperation: FaxPlusOperation = {
	agentRisk: { kind: 'deletes' },
	toolDescription:
		'Delete a fax from Fax.Plus (moves it out of the lists; it cannot be undone through this tool). Needs the fax ID (the "id" from the fax list). Returns the deleted fax\'s ID.',
	description: [...userIdFields(), faxIdField('ID of the fax record to delete')],
	async execute(itemIndex) {
		const { userId, faxId, path } = faxOfItem(this, itemIndex);
		await faxPlusApiRequest<undefined>(this, { method: 'DELETE', path, itemIndex });
		// Fax.Plus answers 204: the item says what happened.
		return toItems({ deleted: true, faxId, userId });
	},
};
