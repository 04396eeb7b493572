import { getOperation } from '../shared/items';

export const getCredits = getOperation({
	option: {
		name: 'Get Credits',
		value: 'getCredits',
		action: 'Get the AI credits',
		description: 'Read the AI credits left, their use per feature and the next reload',
	},
	toolDescription:
		'Get the Fax AI credits left (for OCR and field extraction). Needs nothing. Returns the credits remaining and used.',
	description: [],
	path: () => '/accounts/self/ai/credits',
});
