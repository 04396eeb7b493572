import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';

export const token: FaxPlusResource = defineResource({
	option: { name: 'Token', value: 'token' },
	operations: Object.values(operations),
	defaultOperation: 'getInformation',
});
