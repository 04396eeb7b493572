import * as createCustomField from './createCustomField.operation';
import * as deleteCustomField from './deleteCustomField.operation';
import * as getCredits from './getCredits.operation';
import * as getAllCustomFields from './getAllCustomFields.operation';
import * as updateCustomField from './updateCustomField.operation';
import { resourceOf } from '../shared/pickers';

export const { operations, description } = resourceOf('ai', 'getCredits', {
	createCustomField,
	deleteCustomField,
	getCredits,
	getAllCustomFields,
	updateCustomField,
});
