// The resource's operations: one line each, in any order (the picker sorts them by name).
export { createCustomField } from './createCustomField.operation';
export { getAllCustomFields } from './getAllCustomFields.operation';
export { getCredits } from './getCredits.operation';
export { updateCustomField } from './updateCustomField.operation';
