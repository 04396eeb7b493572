import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { showFor } from '../shared/descriptions';
import { FAX_EVENTS, faxEventOptions, type FaxEvent } from '../../api/events';
import { toItems } from '../shared/items';
import { limited, resultLimit, returnAllOrLimit } from '../shared/paging';
import { hookWithoutToken } from '../../api/hookTokens';
import { listLegacyHooks } from '../../api/legacyHooks';

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many legacy hooks',
	description: 'One item per legacy hook of the account',
};

export const description: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'eventFilter',
		type: 'options',
		options: [
			{ name: 'All Events', value: 'all', description: 'Hooks of every event' },
			...faxEventOptions,
		],
		default: 'all',
		description: 'Only hooks of this event',
		displayOptions: showFor('legacyHook', 'getAll'),
	},
	...returnAllOrLimit('legacyHook', 'getAll'),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const event = String(this.getNodeParameter('eventFilter', itemIndex, 'all') ?? '').trim();
	if (event !== 'all' && event !== '' && !(FAX_EVENTS as readonly string[]).includes(event)) {
		throw new NodeOperationError(this.getNode(), `Event: "${event}" is not a Fax.Plus event`, {
			itemIndex,
			description: `Use all, ${FAX_EVENTS.join(', ')}.`,
		});
	}
	const limit = resultLimit(this, itemIndex);
	const hooks = await listLegacyHooks(
		this,
		event === 'all' || event === '' ? undefined : (event as FaxEvent),
		itemIndex,
	);
	return toItems(limited(hooks, limit).map(hookWithoutToken));
}
