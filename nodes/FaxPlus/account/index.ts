import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';
import * as getManyMembers from './getManyMembers.operation';
import * as getPlan from './getPlan.operation';
import * as updateMember from './updateMember.operation';

const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['account'] } },
	options: [
		{
			name: 'Get Many Members',
			value: 'getManyMembers',
			action: 'Get many members',
			description: 'List the accounts of the corporate account (admins), or the user\'s own, one item each',
		},
		{
			name: 'Get Plan',
			value: 'getPlan',
			action: 'Get the plan of an account',
			description: 'Read the plan type and the admin and owner flags of an account',
		},
		{
			name: 'Update Member',
			value: 'updateMember',
			action: 'Update a corporate member',
			description: "Change a corporate member's role or faxing quota",
		},
	],
	default: 'getPlan',
};

export const account: FaxPlusResource = {
	option: { name: 'Account', value: 'account' },
	description: [operationField, ...getManyMembers.description, ...getPlan.description, ...updateMember.description],
	operations: { getManyMembers, getPlan, updateMember },
};
