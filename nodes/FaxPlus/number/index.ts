import * as operations from './operations';
import { currentUserId, numbersOfUser } from '../shared/locators';
import { defineResource } from '../shared/resource';

export const number = defineResource({
	operations,
	operation: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['number'] } },
		options: [
			{
				name: 'Assign',
				value: 'assign',
				action: 'Assign a fax number to a member',
				description:
					"Give a corporate member the use of one of the account's fax numbers (admins only)",
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a fax number',
				description: 'Get one fax number: its status, who it is assigned to, when it expires',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many fax numbers',
				description:
					'List the fax numbers of the account (admins) or assigned to the user, one item each',
			},
			{
				name: 'Revoke',
				value: 'revoke',
				action: 'Revoke a fax number from a member',
				description:
					'Take a fax number away from a corporate member, or from yourself ("self"); never from the admin',
			},
		],
		default: 'getAll',
	},
	listSearch: {
		// The Number picker: GET /accounts/{user_id}/numbers answers all of a user's numbers at once.
		async searchNumbers(filter) {
			return await numbersOfUser(this, currentUserId(this), filter);
		},
	},
});
