export { deleteOperation } from './delete.operation';
export { share } from './share.operation';
