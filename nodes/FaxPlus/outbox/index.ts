import * as operations from './operations';
import { defineResource } from '../shared/resource';
import { searchOutboxFaxes } from './search';

export const outbox = defineResource({
	option: { name: 'Outbox', value: 'outbox' },
	listSearch: { searchOutboxFaxes },
	operations: Object.values(operations),
	defaultOperation: 'getAll',
	untrusted: [
		{ field: 'comment', as: 'comment' },
		{ field: 'contact_name', as: 'contactName' },
	],
});
