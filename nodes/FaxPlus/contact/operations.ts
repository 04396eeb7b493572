export { addToGroups } from './addToGroups.operation';
export { getAll } from './getAll.operation';
export { update } from './update.operation';
