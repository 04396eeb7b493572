import type { INodePropertyOptions } from 'n8n-workflow';

/** The fax events Fax.Plus can deliver (underscored names; dotted aliases are refused). */
export const FAX_EVENTS = ['fax_sent', 'fax_received', 'fax_page_received'] as const;

export type FaxEvent = (typeof FAX_EVENTS)[number];

export const faxEventOptions: INodePropertyOptions[] = [
	{
		name: 'Fax Received',
		value: 'fax_received',
		description: 'An inbound fax session finished (check its status)',
	},
	{
		name: 'Fax Sent',
		value: 'fax_sent',
		description: 'An outbound fax session finished; not only on success, so check its status',
	},
	{
		name: 'Page Received (Fax Streaming)',
		value: 'fax_page_received',
		description:
			'One page of an inbound fax arrived, before the fax completes. Needs fax streaming, which Fax.Plus enables on request.',
	},
];

/** The canvas subtitle, an expression, so the names are written into it. */
export const eventsSubtitle = `={{$parameter["events"].map((event) => (${JSON.stringify(
	Object.fromEntries(faxEventOptions.map((option) => [option.value, option.name])),
)})[event] || event).join(", ")}}`;
