// The resource's operations: one line each, in any order (the picker sorts them by name).
export * as getAllCountries from './getAllCountries.operation';
export * as getBalance from './getBalance.operation';
export * as purchaseNumber from './purchaseNumber.operation';
export * as searchNumbers from './searchNumbers.operation';
