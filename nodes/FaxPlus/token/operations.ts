export { getInformation } from './getInformation.operation';
