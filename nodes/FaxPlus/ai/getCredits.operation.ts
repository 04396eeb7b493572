import { getOperation } from '../shared/items';

export const getCredits = getOperation({
	toolDescription:
		'Get the Fax AI credits left (for OCR and field extraction). Needs nothing. Returns the credits remaining and used.',
	description: [],
	path: () => '/accounts/self/ai/credits',
});
