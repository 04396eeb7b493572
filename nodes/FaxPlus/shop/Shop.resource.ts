import * as getBalance from './getBalance.operation';
import * as getAllCountries from './getAllCountries.operation';
import * as purchaseNumber from './purchaseNumber.operation';
import * as searchNumbers from './searchNumbers.operation';
import { resourceOf } from '../shared/pickers';

export const { operations, description } = resourceOf('shop', 'getBalance', {
	getBalance,
	getAllCountries,
	purchaseNumber,
	searchNumbers,
});
