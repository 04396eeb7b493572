// The resource's operations: one line each, in any order (the picker sorts them by name).
export { create } from './create.operation';
export { deleteOperation } from './delete.operation';
export { getAll } from './getAll.operation';
export { update } from './update.operation';
