import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';
import { searchContacts } from './search';

export const contact: FaxPlusResource = defineResource({
	option: { name: 'Contact', value: 'contact' },
	listSearch: { searchContacts },
	operations: Object.values(operations),
	defaultOperation: 'getAll',
});
