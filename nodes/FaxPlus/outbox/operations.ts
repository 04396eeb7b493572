// The resource's operations: one line each, in any order (the picker sorts them by name).
export { deleteOperation } from './delete.operation';
export { get } from './get.operation';
export { getAll } from './getAll.operation';
export { update } from './update.operation';
