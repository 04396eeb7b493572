// The resource's operations: one line each, in any order (the picker sorts them by name).
export { getInformation } from './getInformation.operation';
