export { get } from './get.operation';
export { getAllMembers } from './getAllMembers.operation';
export { getMember } from './getMember.operation';
export { getPlan } from './getPlan.operation';
export { inviteMember } from './inviteMember.operation';
export { update } from './update.operation';
export { updateMember } from './updateMember.operation';
