// The trigger's parameters as deliveries read them, never throwing (the refusals on activation: checks.ts).
import type {
	IExecuteFunctions,
	IHookFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { isObject } from './output';

/** A few days (Fax.Plus's advice) up to about 1,650 deliveries a day; n8n rewrites the whole record per check. */
export const DEFAULT_MAX_ENTRIES = 5_000;

export type TriggerContext =
	IHookFunctions | IWebhookFunctions | IExecuteFunctions | IPollFunctions;

export type TriggerOptions = ReturnType<typeof readOptions>;

function listOf(value: unknown): string[] {
	const entries = Array.isArray(value) ? value : String(value ?? '').split(/[,\n]/);
	const texts = entries.map((entry) => String(entry).trim().toLowerCase());
	return [...new Set(texts.filter((entry) => entry !== ''))];
}

export function readOptions(context: TriggerContext) {
	const value = context.getNodeParameter('options', {});
	const options = isObject(value) ? value : {};
	const maxEntries = Math.floor(Number(options.deduplicationMaxEntries));
	return {
		statuses: listOf(options.statuses),
		maxEntries: Number.isFinite(maxEntries) && maxEntries >= 1 ? maxEntries : DEFAULT_MAX_ENTRIES,
		downloadDocument: options.downloadDocument === true,
		/** As given; checked on activation (checkDocumentOptions), else pdf unless tiff (withDocument). */
		documentFormat: String(options.documentFormat ?? 'pdf')
			.trim()
			.toLowerCase(),
		binaryPropertyName: String(options.binaryPropertyName ?? 'data').trim(),
		customDataNumbers: options.saveNumbersInCustomData === true,
	};
}

export function matchesStatuses(statuses: readonly string[], status: unknown): boolean {
	return (
		statuses.length === 0 ||
		(status !== undefined && status !== null && statuses.includes(String(status).toLowerCase()))
	);
}

export function selectedEvents(context: TriggerContext): string[] {
	const value = context.getNodeParameter('events', []) as unknown;
	return Array.isArray(value) ? value.map(String) : [];
}
