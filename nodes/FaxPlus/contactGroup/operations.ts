// The resource's operations: one line each, in any order (the picker sorts them by name).
export { deleteOperation } from './delete.operation';
export { share } from './share.operation';
