export { create } from './create.operation';
export { deleteOperation } from './delete.operation';
export { getAll } from './getAll.operation';
