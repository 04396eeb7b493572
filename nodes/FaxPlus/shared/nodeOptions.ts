// The node's own Options (Items at Once, Timeout) as the panel shows them; the router reads Items
// at Once, each request its Timeout (requests.ts).
import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { DEFAULT_DEADLINE_SECONDS } from '../../shared/transport/answers';
import { NODE_OPTIONS } from './requests';

/** Enough to keep n8n busy at a real API's latency (tens of ms per call). */
export const DEFAULT_ITEMS_AT_ONCE = 50;
const MAX_ITEMS_AT_ONCE = 200;
/** Downloads hold whole documents in memory while they arrive. */
export const DOWNLOADS_AT_ONCE = 5;

/** Options of the node as a whole, for a resource's operations but those that run one item at a time. */
export function nodeOptions(
	resource: string,
	operations: Record<string, { option: INodePropertyOptions; maxItemsAtOnce?: number }>,
): INodeProperties[] {
	const all = Object.values(operations);
	const hidden = all.filter((op) => op.maxItemsAtOnce === 1).map((op) => String(op.option.value));
	if (hidden.length === all.length) return [];
	const hide = hidden.length > 0 && { hide: { operation: hidden } };
	return [nodeOptionsProperty({ show: { resource: [resource] }, ...hide })];
}

export const nodeOptionsProperty = (displayOptions: IDisplayOptions): INodeProperties => ({
	displayName: 'Options',
	name: NODE_OPTIONS,
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions,
	options: [
		{
			displayName: 'Items at Once',
			name: 'itemsAtOnce',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_ITEMS_AT_ONCE },
			default: DEFAULT_ITEMS_AT_ONCE,
			description: `How many items are sent to Fax.Plus at the same time (downloads: at most ${DOWNLOADS_AT_ONCE}); the output keeps their order`,
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_DEADLINE_SECONDS,
			description: 'How long one request may take, rate-limit waits included; then the item fails',
		},
	],
});
