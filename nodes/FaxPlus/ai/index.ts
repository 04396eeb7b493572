import * as operations from './operations';
import { defineResource } from '../shared/resource';
import { searchCustomFields } from './customFields';

export const ai = defineResource({
	option: { name: 'AI', value: 'ai' },
	listSearch: { searchCustomFields },
	operations: Object.values(operations),
	defaultOperation: 'getCredits',
});
