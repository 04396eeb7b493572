import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';
import * as getMany from './getMany.operation';

const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['number'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getMany',
			action: 'Get many fax numbers',
			description: 'List the fax numbers of the account (admins) or assigned to the user, one item each',
		},
	],
	default: 'getMany',
};

export const number: FaxPlusResource = {
	option: { name: 'Number', value: 'number' },
	description: [operationField, ...getMany.description],
	operations: { getMany },
};
