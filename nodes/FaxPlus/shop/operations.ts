export { getAllCountries } from './getAllCountries.operation';
export { getBalance } from './getBalance.operation';
export { purchaseNumber } from './purchaseNumber.operation';
export { searchNumbers } from './searchNumbers.operation';
