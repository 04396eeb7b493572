// The resource's operations: one line each, in any order (the picker sorts them by name).
export { assign } from './assign.operation';
export { get } from './get.operation';
export { getAll } from './getAll.operation';
export { revoke } from './revoke.operation';
