// The statuses of a fax still in the outbox (the SDK's documentation): none is final.
import { entryOf } from './faxStatuses';

/** What the statuses of a fax still in the outbox mean: none is final, and sending again would send twice. */
const OUTBOX_STATUS_MEANINGS: Record<string, string> = {
	submitted: 'Queued in the outbox; Fax.Plus is about to convert and send it.',
	converting: 'Fax.Plus is converting the documents into fax pages.',
	scheduled: 'Waiting in the outbox until its Send At time.',
	scheduled_for_sending: 'Converted and waiting for a line to send it.',
	sending: 'Being sent now.',
};

/** `statusMeaning` and `statusRetryable` of an outbox fax (null for a status this list does not know). */
export function outboxStatusFields(value: unknown) {
	const meaning = entryOf(OUTBOX_STATUS_MEANINGS, value) ?? null;
	return { statusMeaning: meaning, statusRetryable: meaning === null ? null : false };
}
