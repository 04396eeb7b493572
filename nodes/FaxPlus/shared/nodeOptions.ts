// The node's own Options (Items at Once, Timeout), and the requests of an item, which carry its
// Timeout and n8n's cancel signal to the transport.
import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { DEFAULT_DEADLINE_SECONDS } from '../../shared/transport/answers';
import {
	faxPlusApiDownload,
	faxPlusApiRequest,
	type FaxPlusRequest,
	type RequestScope,
} from '../../shared/transport/transport';
import { CUSTOM_API_CALL } from './display';

/** The node-level options' parameter name; no operation uses it. */
export const NODE_OPTIONS = 'nodeOptions';

/** Enough to keep n8n busy at a real API's latency (tens of ms per call). */
export const DEFAULT_ITEMS_AT_ONCE = 50;
const MAX_ITEMS_AT_ONCE = 200;
/** Downloads hold whole documents in memory while they arrive. */
export const DOWNLOADS_AT_ONCE = 5;

/** Options of the node as a whole, for a resource's operations but those that run one item at a time and Custom API Call (customApiCallFields shows them below its fields). */
export function nodeOptions(
	resource: string,
	operations: Record<string, { option: INodePropertyOptions; maxItemsAtOnce?: number }>,
): INodeProperties[] {
	const all = Object.values(operations);
	const hidden = all
		.filter((op) => op.maxItemsAtOnce === 1 || op.option.value === CUSTOM_API_CALL)
		.map((op) => String(op.option.value));
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

/** An item's request to Fax.Plus, within its Timeout and n8n's cancel signal. */
export async function apiRequest<T = IDataObject>(
	context: IExecuteFunctions,
	request: FaxPlusRequest & { itemIndex: number },
): Promise<T> {
	return await faxPlusApiRequest<T>(context, {
		...requestScope(context, request.itemIndex),
		...request,
	});
}

/** An item's download from Fax.Plus, within its Timeout and n8n's cancel signal. */
export async function apiDownload(
	context: IExecuteFunctions,
	request: FaxPlusRequest & { itemIndex: number },
) {
	return await faxPlusApiDownload(context, {
		...requestScope(context, request.itemIndex),
		...request,
	});
}

/** The item and bounds of an item's requests: Options → Timeout, and the run's cancel signal. */
export function requestScope(
	context: IExecuteFunctions,
	itemIndex: number,
): RequestScope & { itemIndex: number } {
	return {
		itemIndex,
		timeout: timeoutMs(context, itemIndex),
		cancelSignal: context.getExecutionCancelSignal?.(),
	};
}

/** Options → Timeout in ms; the default where it is not set or not a positive number. */
function timeoutMs(context: IExecuteFunctions, itemIndex: number): number {
	let seconds: unknown;
	try {
		seconds = context.getNodeParameter(`${NODE_OPTIONS}.timeout`, itemIndex, undefined);
	} catch {
		seconds = undefined;
	}
	// Past 2^31 - 1 ms a timer fires at once: a longer Timeout waits that long.
	const value = Math.min(Number(seconds), 2_147_483);
	return (Number.isFinite(value) && value > 0 ? value : DEFAULT_DEADLINE_SECONDS) * 1000;
}
