import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';

export const number: FaxPlusResource = defineResource({
	option: { name: 'Number', value: 'number' },
	operations: Object.values(operations),
	defaultOperation: 'getAll',
});
