import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { faxEventOptions, faxEvent } from '../../shared/api/events';
import { getManyItems, returnAllOrLimit } from '../shared/getMany';
import { hookWithoutToken } from '../../shared/api/hookTokens';
import { listAllLegacyHooks, listLegacyHooks } from '../../shared/api/legacyHooks';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many legacy hooks',
	description: 'One item per legacy hook of the account',
};

const properties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'eventFilter',
		type: 'options',
		options: [
			{
				name: 'All Events',
				value: 'all',
				description: 'Hooks of every event (a notice says if one was refused)',
			},
			...faxEventOptions,
		],
		default: 'all',
		description: 'Only hooks of this event',
	},
	...returnAllOrLimit(),
];

const displayOptions = { show: { resource: ['legacyHook'], operation: ['getAll'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await getManyItems(this, itemIndex, async (scope) => {
		const event = String(this.getNodeParameter('eventFilter', itemIndex, 'all') ?? '').trim();
		if (event !== 'all' && event !== '') {
			const only = faxEvent(this, itemIndex, event, 'Event');
			return (await listLegacyHooks(this, only, scope)).map(hookWithoutToken);
		}
		const { hooks, refused } = await listAllLegacyHooks(this, scope);
		if (refused.length > 0) {
			// Fax.Plus's SDK lists fax_page_received for no hook: the other events are listed all the same.
			this.addExecutionHints?.({
				message: `Fax.Plus refused to list legacy hooks for ${refused.join(', ')}; the hooks of the other events are listed.`,
				location: 'outputPane',
			});
		}
		return hooks.map(hookWithoutToken);
	});
}
