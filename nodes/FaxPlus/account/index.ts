import * as operations from './operations';
import { defineResource } from '../shared/resource';
import { searchMembers, searchUsers } from './search';

export const account = defineResource({
	option: { name: 'Account', value: 'account' },
	listSearch: { searchUsers, searchMembers },
	operations: Object.values(operations),
	defaultOperation: 'getPlan',
});
