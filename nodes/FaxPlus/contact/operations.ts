export { setGroups } from './setGroups.operation';
export { getAll } from './getAll.operation';
export { update } from './update.operation';
