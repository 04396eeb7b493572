// The fax events Fax.Plus delivers, as the trigger and the Webhook resource name them.
import type { IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';
import { operationError } from '../transport/nodeErrors';

/** The fax events Fax.Plus can deliver (underscored names; dotted aliases are refused). */
export const FAX_EVENTS = ['fax_sent', 'fax_received', 'fax_page_received'] as const;

export type FaxEvent = (typeof FAX_EVENTS)[number];

/** Each with its `action`, the words n8n's node panel lists for the trigger (its own would drop brackets). */
export const faxEventOptions: INodePropertyOptions[] = [
	{
		name: 'Fax Received',
		value: 'fax_received',
		action: 'On fax received',
		description: 'An inbound fax session finished (check its status)',
	},
	{
		name: 'Fax Sent',
		value: 'fax_sent',
		action: 'On fax sent',
		description: 'An outbound fax session finished; not only on success, so check its status',
	},
	{
		name: 'Page Received (Fax Streaming)',
		value: 'fax_page_received',
		action: 'On page received (fax streaming)',
		description:
			'One page of an inbound fax arrived, before the fax completes. Needs fax streaming, which Fax.Plus enables on request.',
	},
];

/** The canvas subtitle, an expression, so the names are written into it. */
export const eventsSubtitle = `={{$parameter["events"].map((event) => (${JSON.stringify(
	Object.fromEntries(faxEventOptions.map((option) => [option.value, option.name])),
)})[event] || event).join(", ")}}`;

/** One of Fax.Plus's underscored event names; anything else is refused, naming the field. */
export function faxEvent(
	context: IExecuteFunctions,
	itemIndex: number,
	value: string,
	label: string,
): FaxEvent {
	if ((FAX_EVENTS as readonly string[]).includes(value)) return value as FaxEvent;
	throw operationError(context, {
		itemIndex,
		message: value ? `${label}: "${value}" is not a Fax.Plus event` : `${label} is required`,
		description: `Use ${FAX_EVENTS.join(', ')} (underscored names; dotted names are not accepted).`,
	});
}
