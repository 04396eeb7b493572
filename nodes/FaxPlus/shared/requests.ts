// An item's requests to Fax.Plus: each within the item's Options → Timeout and n8n's cancel signal,
// which the transport takes as arguments.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { DEFAULT_DEADLINE_SECONDS } from '../../shared/transport/answers';
import {
	faxPlusApiDownload,
	faxPlusApiRequest,
	type FaxPlusRequest,
	type RequestScope,
} from '../../shared/transport/transport';

/** The node-level Options' parameter name (nodeOptions.ts); no operation uses it. */
export const NODE_OPTIONS = 'nodeOptions';

export async function apiRequest<T = IDataObject>(
	context: IExecuteFunctions,
	request: FaxPlusRequest & { itemIndex: number },
): Promise<T> {
	return await faxPlusApiRequest<T>(context, {
		...requestScope(context, request.itemIndex),
		...request,
	});
}

export async function apiGet<T>(context: IExecuteFunctions, path: string, itemIndex: number) {
	return await apiRequest<T>(context, { method: 'GET', path, itemIndex });
}

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
