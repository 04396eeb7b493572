// A fax's retries (the SDK's RetryOptions): Retry Count and Retry Delay as the panel shows them
// and as an item's values are read, for Send (one fax) and Account → Update (the defaults).
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { operationError } from '../../shared/transport/nodeErrors';
import { wholeNumber } from './values';

/** Fax.Plus retries a failed fax at most 3 times (its help centre, "Auto Retry on Failure"). */
export const MAX_RETRY_COUNT = 3;

export function retryFields(countDescription: string, delayDescription: string): INodeProperties[] {
	return [
		{
			displayName: 'Retry Count',
			name: 'retryCount',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: MAX_RETRY_COUNT },
			default: 0,
			description: `${countDescription}; at most ${MAX_RETRY_COUNT}`,
		},
		{
			displayName: 'Retry Delay (Seconds)',
			name: 'retryDelay',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: delayDescription,
		},
	];
}

/** The `retry` of Retry Count and Retry Delay, checked; undefined when neither is set. */
export function retryOf(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
): { count?: number; delay?: number } | undefined {
	const retry: { count?: number; delay?: number } = {};
	if (fields.retryCount !== undefined) {
		retry.count = wholeNumber(context, itemIndex, fields.retryCount, 'Retry Count');
		if (retry.count > MAX_RETRY_COUNT) {
			throw operationError(context, {
				itemIndex,
				message: `Retry Count must be at most ${MAX_RETRY_COUNT}, not ${retry.count}`,
				description: `Fax.Plus retries a failed fax at most ${MAX_RETRY_COUNT} times.`,
			});
		}
	}
	if (fields.retryDelay !== undefined)
		retry.delay = wholeNumber(context, itemIndex, fields.retryDelay, 'Retry Delay (Seconds)');
	return Object.keys(retry).length > 0 ? retry : undefined;
}
