import * as operations from './operations';
import { defineResource } from '../shared/resource';
import { searchNumbers } from './search';

export const number = defineResource({
	option: { name: 'Number', value: 'number' },
	listSearch: { searchNumbers },
	operations: Object.values(operations),
	defaultOperation: 'getAll',
});
