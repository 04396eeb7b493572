import type { INodeListSearchItems, INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource, ListSearchMethod } from '../shared/types';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as list from './list.operation';
import { listLegacyHooks } from './hooks';

const operationField: INodeProperties = {
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
			value: 'list',
			action: 'Get many legacy hooks',
			description: 'One item per legacy hook of the account',
		},
	],
	default: 'list',
};

const deprecationNotice: INodeProperties = {
	displayName:
		'Fax.Plus will decommission the legacy hook API. Use the Webhook resource or the Fax.Plus Trigger node for new integrations.',
	name: 'legacyHookNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { resource: ['legacyHook'] } },
};

/** The hook picker of Delete: each hook's target URL and event, filtered by URL, event or ID. */
const searchLegacyHooks: ListSearchMethod = async function (filter) {
	const query = (filter ?? '').trim().toLowerCase();
	const results: INodeListSearchItems[] = (await listLegacyHooks(this))
		.map((hook) => ({ name: `${hook.target} (${hook.event})`, value: hook.id }))
		.filter((entry) => !query || `${entry.name} ${entry.value}`.toLowerCase().includes(query));
	return { results };
};

export const legacyHook: FaxPlusResource = {
	option: {
		name: 'Legacy Hook (Deprecated)',
		value: 'legacyHook',
		description: 'Hooks of the legacy API (/hooks), to be decommissioned by Fax.Plus; use Webhook for new integrations',
	},
	description: [deprecationNotice, operationField, ...create.description, ...del.description, ...list.description],
	operations: { create, delete: del, list },
	listSearch: { searchLegacyHooks },
};
