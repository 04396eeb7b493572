// The resource's operations: one line each, in any order (the picker sorts them by name).
export { getAllCountries } from './getAllCountries.operation';
export { getBalance } from './getBalance.operation';
export { purchaseNumber } from './purchaseNumber.operation';
export { searchNumbers } from './searchNumbers.operation';
