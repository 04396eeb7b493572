import * as operations from './operations';
import { defineResource } from '../shared/resource';
import type { FaxPlusResource } from '../shared/types';

export const contactGroup: FaxPlusResource = defineResource({
	option: { name: 'Contact Group', value: 'contactGroup' },
	operations: Object.values(operations),
	defaultOperation: 'share',
});
