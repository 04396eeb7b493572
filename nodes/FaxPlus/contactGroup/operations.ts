// The resource's operations: one line each, in any order (the picker sorts them by name).
export * as deleteOperation from './delete.operation';
export * as share from './share.operation';
