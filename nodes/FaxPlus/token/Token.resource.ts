import * as getInformation from './getInformation.operation';
import { resourceOf } from '../shared/pickers';

export const { operations, description } = resourceOf('token', 'getInformation', {
	getInformation,
});
