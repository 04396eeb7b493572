import * as operations from './operations';
import { defineResource } from '../shared/resource';

export const contactGroup = defineResource({
	option: { name: 'Contact Group', value: 'contactGroup' },
	operations: Object.values(operations),
	defaultOperation: 'share',
});
