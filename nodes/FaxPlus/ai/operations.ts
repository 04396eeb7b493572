export { createCustomField } from './createCustomField.operation';
export { deleteCustomField } from './deleteCustomField.operation';
export { getAllCustomFields } from './getAllCustomFields.operation';
export { getCredits } from './getCredits.operation';
export { updateCustomField } from './updateCustomField.operation';
