// The resource's operations: one line each, in any order (the picker sorts them by name).
export * as getAllMembers from './getAllMembers.operation';
export * as getPlan from './getPlan.operation';
export * as updateMember from './updateMember.operation';
