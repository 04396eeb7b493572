// The resource's operations: one line each, in any order (the picker sorts them by name).
export * as get from './get.operation';
export * as getAllMembers from './getAllMembers.operation';
export * as getMember from './getMember.operation';
export * as getPlan from './getPlan.operation';
export * as update from './update.operation';
export * as updateMember from './updateMember.operation';
