import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';
import { searchNumbers } from './search';

export const number: FaxPlusResource = defineResource({
	option: { name: 'Number', value: 'number' },
	listSearch: { searchNumbers },
	operations: Object.values(operations),
	defaultOperation: 'getAll',
});
