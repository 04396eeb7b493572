import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';
import * as getInformation from './getInformation.operation';

const operationField: INodeProperties = {
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
			description: 'Read the kind and scopes of the token the credential uses, and for a personal access token its name and dates',
		},
	],
	default: 'getInformation',
};

export const token: FaxPlusResource = {
	option: { name: 'Token', value: 'token' },
	description: [operationField, ...getInformation.description],
	operations: { getInformation },
};
