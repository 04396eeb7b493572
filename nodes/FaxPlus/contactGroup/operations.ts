export { deleteOperation as delete } from './delete.operation';
export { share } from './share.operation';
