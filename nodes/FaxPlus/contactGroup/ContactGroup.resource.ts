import * as deleteOperation from './delete.operation';
import * as share from './share.operation';
import { resourceOf } from '../shared/pickers';

export const { operations, description } = resourceOf('contactGroup', 'share', {
	delete: deleteOperation,
	share,
});
