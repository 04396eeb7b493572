// The resource's operations: one line each, in any order (the picker sorts them by name).
export * as assign from './assign.operation';
export * as get from './get.operation';
export * as getAll from './getAll.operation';
export * as revoke from './revoke.operation';
