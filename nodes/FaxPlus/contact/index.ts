import * as operations from './operations';
import { defineResource } from '../shared/resource';
import { searchContacts } from './search';

export const contact = defineResource({
	option: { name: 'Contact', value: 'contact' },
	listSearch: { searchContacts },
	operations: Object.values(operations),
	defaultOperation: 'getAll',
	untrusted: [
		{ field: 'name', as: 'name' },
		{ field: 'company', as: 'company' },
	],
});
