import type { IDataObject } from 'n8n-workflow';
import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import type { FaxPlusOperation } from '../shared/types';

export const getCredits: FaxPlusOperation = {
	option: {
		name: 'Get Credits',
		value: 'getCredits',
		action: 'Get the AI credits',
		description: 'Read the AI credits left, their use per feature and the next reload',
	},
	toolDescription:
		'Get the Fax AI credits left (for OCR and field extraction). Needs nothing. Returns the credits remaining and used.',
	description: [],
	async execute(itemIndex) {
		const credits = await faxPlusApiRequest<IDataObject>(this, {
			method: 'GET',
			path: '/accounts/self/ai/credits',
			itemIndex,
		});
		return toItems(credits);
	},
};
