import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import { resourceOf } from '../shared/pickers';

export const { operations, description } = resourceOf('outbox', 'getAll', {
	delete: deleteOperation,
	get,
	getAll,
	update,
});
