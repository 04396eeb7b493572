// The events the fax list can tell, and the list category each one reads.
import type { FaxEvent } from '../api/events';

export type PollEvent = Extract<FaxEvent, 'fax_received' | 'fax_sent'>;

/** Category values as Fax.Plus's SDKs document them (FaxCategory: inbox, sent, spam). */
export type PolledCategory = 'inbox' | 'sent';

export const POLL_EVENTS: readonly PollEvent[] = ['fax_received', 'fax_sent'];

export const CATEGORY_OF_EVENT: Record<PollEvent, PolledCategory> = {
	fax_received: 'inbox',
	fax_sent: 'sent',
};
