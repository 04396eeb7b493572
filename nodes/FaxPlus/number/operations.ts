export { assign } from './assign.operation';
export { get } from './get.operation';
export { getAll } from './getAll.operation';
export { revoke } from './revoke.operation';
