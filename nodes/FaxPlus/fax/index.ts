import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';

export const fax: FaxPlusResource = defineResource({
	option: { name: 'Fax', value: 'fax' },
	operations: Object.values(operations),
	defaultOperation: 'send',
});
