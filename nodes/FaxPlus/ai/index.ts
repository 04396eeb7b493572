import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';
import { searchCustomFields } from './customFields';

export const ai: FaxPlusResource = defineResource({
	option: { name: 'AI', value: 'ai' },
	listSearch: { searchCustomFields },
	operations: Object.values(operations),
	defaultOperation: 'getCredits',
});
