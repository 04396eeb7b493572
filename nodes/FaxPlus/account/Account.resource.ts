import * as get from './get.operation';
import * as getAllMembers from './getAllMembers.operation';
import * as getMember from './getMember.operation';
import * as getPlan from './getPlan.operation';
import * as inviteMember from './inviteMember.operation';
import * as update from './update.operation';
import * as updateMember from './updateMember.operation';
import { resourceOf } from '../shared/pickers';

export const { operations, description } = resourceOf('account', 'getPlan', {
	get,
	getAllMembers,
	getMember,
	getPlan,
	inviteMember,
	update,
	updateMember,
});
