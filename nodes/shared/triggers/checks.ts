// The trigger's parameters checked on activation, before any request: a NodeOperationError names what is wrong.
import { FAX_EVENTS, type FaxEvent } from '../api/events';
import { readPhoneNumbers } from '../phone/numbers';
import { operationError } from '../transport/nodeErrors';
import { selectedEvents, type TriggerContext, type TriggerOptions } from './settings';

export type Subscription = ReturnType<typeof readSubscription>;

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
