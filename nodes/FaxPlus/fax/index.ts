import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';
import { searchFaxes } from './shared/search';
import { searchSenderNumbers } from './send/senders';

export const fax: FaxPlusResource = defineResource({
	option: { name: 'Fax', value: 'fax' },
	listSearch: { searchFaxes, searchSenderNumbers },
	operations: Object.values(operations),
	defaultOperation: 'send',
	defaultFirst: true,
});
