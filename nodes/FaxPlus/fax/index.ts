import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';
import { searchSenderNumbers } from './senders';

export const fax: FaxPlusResource = defineResource({
	option: { name: 'Fax', value: 'fax' },
	listSearch: { searchSenderNumbers },
	operations: Object.values(operations),
	defaultOperation: 'send',
});
