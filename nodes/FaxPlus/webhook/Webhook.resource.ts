import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import { resourceOf } from '../shared/pickers';

export const { operations, description } = resourceOf('webhook', 'getAll', {
	create,
	delete: deleteOperation,
	getAll,
	update,
});
