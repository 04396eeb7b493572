export { deleteOperation as delete } from './delete.operation';
export { get } from './get.operation';
export { getAll } from './getAll.operation';
export { update } from './update.operation';
