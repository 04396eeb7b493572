// The resource's operations: one line each, in any order (the picker sorts them by name).
export * as createCustomField from './createCustomField.operation';
export * as getAllCustomFields from './getAllCustomFields.operation';
export * as getCredits from './getCredits.operation';
export * as updateCustomField from './updateCustomField.operation';
