// What Fax → Send answers an AI agent: the outbox IDs, what happens next and how to follow the fax.
import type { IDataObject } from 'n8n-workflow';
import type { FaxSent } from './types';

/** The Send item as an agent reads it: the same fields, plus the outbox faxes as a list and a message in words. */
export function sentForAgent(sent: FaxSent): IDataObject {
	const outbox = Object.entries(sent.ids).map(([to, outboxFaxId]) => ({ to, outboxFaxId }));
	const when = sent.sendTime ? `at ${sent.sendTime}` : 'now';
	const list = outbox.map((entry) => `${entry.to} (outbox ID ${entry.outboxFaxId})`).join(', ');
	const message =
		`The fax was accepted and queued in the Fax.Plus outbox for ${list || sent.to.join(', ')}; Fax.Plus sends it ${when}. ` +
		'Sending takes a few minutes (converting, dialling, retries when the line is busy). ' +
		'To check on it: while it waits or is being sent, Outbox → Get with its outbox ID gives its status (submitted, converting, scheduled_for_sending, sending); ' +
		'once sent it leaves the outbox (Outbox → Get then answers that it is not found) and appears under a new fax ID in Fax → Get Many with category "sent", ' +
		'whose status is "success" or a failure such as "failed_user_busy". Cancel it before then with Outbox → Delete. ' +
		'Calling Send again with the same numbers and documents does not fax them again: it answers duplicate: true.';
	return { ...(sent as unknown as IDataObject), outbox, message };
}
