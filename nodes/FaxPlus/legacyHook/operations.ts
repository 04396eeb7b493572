export { create } from './create.operation';
export { deleteOperation as delete } from './delete.operation';
export { getAll } from './getAll.operation';
