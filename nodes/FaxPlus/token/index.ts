import * as operations from './operations';
import { defineResource } from '../shared/resource';

export const token = defineResource({
	option: { name: 'Token', value: 'token' },
	operations: Object.values(operations),
	defaultOperation: 'getInformation',
});
