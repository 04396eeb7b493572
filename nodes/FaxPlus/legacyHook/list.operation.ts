import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { showFor } from '../shared/descriptions';
import { FAX_EVENTS, faxEventOptions, type FaxEvent } from '../shared/events';
import { toItems } from '../shared/items';
import { limited, resultLimit, returnAllOrLimit } from '../shared/paging';
import { listLegacyHooks } from './hooks';

export const description: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'eventFilter',
		type: 'options',
		options: [{ name: 'All Events', value: 'all', description: 'Hooks of every event' }, ...faxEventOptions],
		default: 'all',
		description: 'Only hooks of this event',
		displayOptions: showFor('legacyHook', 'list'),
	},
	...returnAllOrLimit('legacyHook', 'list'),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const event = String(this.getNodeParameter('eventFilter', itemIndex, 'all') ?? '').trim();
	if (event !== 'all' && event !== '' && !(FAX_EVENTS as readonly string[]).includes(event)) {
		throw new NodeOperationError(this.getNode(), `Event: "${event}" is not a Fax.Plus event`, {
			itemIndex,
			description: `Use all, ${FAX_EVENTS.join(', ')}.`,
		});
	}
	const limit = resultLimit(this, itemIndex);
	const hooks = await listLegacyHooks(this, event === 'all' || event === '' ? undefined : (event as FaxEvent), itemIndex);
	return toItems(limited(hooks, limit));
}
