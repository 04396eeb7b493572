import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';
import { searchFaxes } from './search';

export const fax: FaxPlusResource = defineResource({
	option: { name: 'Fax', value: 'fax' },
	listSearch: { searchFaxes },
	operations: Object.values(operations),
	defaultOperation: 'send',
});
