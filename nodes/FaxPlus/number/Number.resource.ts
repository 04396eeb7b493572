import * as assign from './assign.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as revoke from './revoke.operation';
import { resourceOf } from '../shared/pickers';

export const { operations, description } = resourceOf('number', 'getAll', {
	assign,
	get,
	getAll,
	revoke,
});
