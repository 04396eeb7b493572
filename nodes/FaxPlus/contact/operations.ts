// The resource's operations: one line each, in any order (the picker sorts them by name).
export * as getAll from './getAll.operation';
export * as update from './update.operation';
