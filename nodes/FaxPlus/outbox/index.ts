import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';
import { searchOutboxFaxes } from './search';

export const outbox: FaxPlusResource = defineResource({
	option: { name: 'Outbox', value: 'outbox' },
	listSearch: { searchOutboxFaxes },
	operations: Object.values(operations),
	defaultOperation: 'getAll',
});
