import * as operations from './operations';
import { defineResource } from '../shared/resource';

export const token = defineResource({
	operations,
	operation: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['token'] } },
		options: [
			{
				name: 'Get Information',
				value: 'getInformation',
				action: 'Get information about the access token',
				description:
					'Read the kind and scopes of the token the credential uses, and for a personal access token its name and dates',
			},
		],
		default: 'getInformation',
	},
});
