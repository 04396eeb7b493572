import * as operations from './operations';
import { defineResource } from '../shared/resource';
import { searchMembers, searchUsers } from './search';

export const account = defineResource({
	operations,
	operation: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get an account',
				description: "Get a user's account: name, email, phone, type, status, settings",
			},
			{
				name: 'Get Many Members',
				value: 'getAllMembers',
				action: 'Get many members',
				description: 'List the members of the corporate account, one item each (admins only)',
			},
			{
				name: 'Get Member',
				value: 'getMember',
				action: 'Get a corporate member',
				description: "Get a corporate member's role and faxing quota (admins only)",
			},
			{
				name: 'Get Plan',
				value: 'getPlan',
				action: 'Get the plan of an account',
				description: 'Read the plan type and the admin and owner flags of an account',
			},
			{
				name: 'Invite Member',
				value: 'inviteMember',
				action: 'Invite members to the corporate account',
				description: 'Email people an invitation to join the corporate account (admins only)',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update an account',
				description:
					"Change your own account (or, for admins, a member's): name, email, phone, sending and notification settings",
			},
			{
				name: 'Update Member',
				value: 'updateMember',
				action: 'Update a corporate member',
				description: "Change a corporate member's role or faxing quota",
			},
		],
		default: 'getPlan',
	},
	listSearch: { searchUsers, searchMembers },
});
