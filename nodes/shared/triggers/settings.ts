// The trigger's parameters, checked (the lifecycle refuses; deliveries never throw).
import type {
	IExecuteFunctions,
	IHookFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { FAX_EVENTS, type FaxEvent } from '../api/events';
import { readPhoneNumbers } from '../phone/numbers';
import { isObject } from './output';
import { operationError } from '../transport/nodeErrors';

/** A few days (Fax.Plus's advice) up to about 1,650 deliveries a day; n8n rewrites the whole record per check. */
export const DEFAULT_MAX_ENTRIES = 5_000;

type TriggerContext = IHookFunctions | IWebhookFunctions | IExecuteFunctions | IPollFunctions;

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

/** The document options, checked on activation (before any request) when the download is on. */
export function checkDocumentOptions(context: TriggerContext, options: TriggerOptions): void {
	if (!options.downloadDocument) return;
	if (options.documentFormat !== 'pdf' && options.documentFormat !== 'tiff') {
		throw operationError(context, {
			message: `Document Format must be "pdf" or "tiff", not "${options.documentFormat}"`,
		});
	}
	if (options.binaryPropertyName === '') {
		throw operationError(context, {
			message: 'Put Output File in Field: enter the name of the binary field for the fax document',
			description: 'For example "data"; the next nodes read the document from this field.',
		});
	}
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

export type Subscription = ReturnType<typeof readSubscription>;

/** Events (of those `offered`) and channels, checked before any request; a NodeOperationError names what is wrong. */
export function readSubscription(context: TriggerContext, offered: readonly string[] = FAX_EVENTS) {
	const events = selectedEvents(context);
	if (events.length === 0) {
		throw operationError(context, {
			message: 'Trigger On: choose at least one event',
			description: `This trigger needs at least one of ${offered.join(', ')}.`,
		});
	}
	const unknown = events.find((event) => !FAX_EVENTS.includes(event as FaxEvent));
	if (unknown !== undefined) {
		throw operationError(context, {
			message: `Trigger On: "${unknown}" is not a Fax.Plus event`,
			description: `Use ${FAX_EVENTS.join(', ')} (underscored names; dotted aliases are not accepted).`,
		});
	}
	const channels = readPhoneNumbers(context.getNodeParameter('channels', '') as string | string[]);
	if (!channels.ok) {
		throw operationError(context, {
			message: `Numbers Filter: the entry "${channels.invalid}" ${channels.reason}`,
			description:
				'Fax.Plus refuses a number without a leading "+" (400 Invalid number); nothing was sent.',
		});
	}
	// Channels: normalised E.164 numbers; empty: every number.
	return { events: [...new Set(events)] as FaxEvent[], channels: channels.numbers };
}

export function sameSet(a: readonly string[] | null | undefined, b: readonly string[]): boolean {
	const left = new Set(a ?? []);
	const right = new Set(b);
	return left.size === right.size && [...left].every((value) => right.has(value));
}
