import type { INodeProperties } from 'n8n-workflow';
import * as operations from './operations';
import { matchesFilter } from '../shared/locators';
import { defineResource } from '../shared/resource';
import type { ListSearchMethod } from '../shared/types';
import { withoutHookToken } from '../../api/hookTokens';
import { listLegacyHooks } from '../../api/legacyHooks';

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
	option: {
		name: 'Legacy Hook (Deprecated)',
		value: 'legacyHook',
		description:
			'Hooks of the legacy API (/hooks), to be decommissioned by Fax.Plus; use Webhook for new integrations',
	},
	listSearch: { searchLegacyHooks },
	operations: Object.values(operations),
	defaultOperation: 'getAll',
	notices: [deprecationNotice],
});
