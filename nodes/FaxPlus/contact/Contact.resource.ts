import * as getAll from './getAll.operation';
import * as setGroups from './setGroups.operation';
import * as update from './update.operation';
import { resourceOf } from '../shared/pickers';

export const { operations, description } = resourceOf('contact', 'getAll', {
	getAll,
	setGroups,
	update,
});
