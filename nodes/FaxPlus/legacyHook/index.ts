import type { INodeProperties } from 'n8n-workflow';
import * as operations from './operations';
import { matchesFilter } from '../shared/locators';
import { defineResource } from '../shared/resource';
import type { ListSearchMethod } from '../shared/types';
import { withoutHookToken } from '../../shared/api/hookTokens';
import { listLegacyHooks } from '../../shared/api/legacyHooks';

const deprecationNotice: INodeProperties = {
	displayName:
		'Fax.Plus will decommission the legacy hook API. Use the Webhook resource or the Fax.Plus Trigger node for new integrations.',
	name: 'legacyHookNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { resource: ['legacyHook'] } },
};

const searchLegacyHooks: ListSearchMethod = async function (filter) {
	const results = (await listLegacyHooks(this))
		.map((hook) => ({ name: `${withoutHookToken(hook.target)} (${hook.event})`, value: hook.id }))
		.filter((entry) => matchesFilter(entry, filter));
	return { results };
};

export const legacyHook = defineResource({
	operations,
	operation: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['legacyHook'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a legacy hook',
				description: 'Subscribe a URL to one fax event with the legacy hook API',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a legacy hook',
				description: 'Stop the deliveries of a legacy hook and remove it',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many legacy hooks',
				description: 'One item per legacy hook of the account',
			},
		],
		default: 'getAll',
	},
	listSearch: { searchLegacyHooks },
	notices: [deprecationNotice],
});
