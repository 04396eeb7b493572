import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';

export const account: FaxPlusResource = defineResource({
	option: { name: 'Account', value: 'account' },
	operations: Object.values(operations),
	defaultOperation: 'getPlan',
});
