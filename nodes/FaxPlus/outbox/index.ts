import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';

export const outbox: FaxPlusResource = defineResource({
	option: { name: 'Outbox', value: 'outbox' },
	operations: Object.values(operations),
	defaultOperation: 'getAll',
});
