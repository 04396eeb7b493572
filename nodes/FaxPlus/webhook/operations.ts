// The resource's operations: one line each, in any order (the picker sorts them by name).
export * as create from './create.operation';
export * as deleteOperation from './delete.operation';
export * as getAll from './getAll.operation';
export * as update from './update.operation';
