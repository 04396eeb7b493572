// Send's output: one item per destination, `outboxFaxId` beside the number, to drag.
import type { IDataObject } from 'n8n-workflow';
import type { Duplicate } from './idempotency/keyLookups';

export interface FaxSent {
	ids: Record<string, string>;
	to: string[];
	from: string;
	/** When n8n queued it, ISO 8601 UTC: what Fax → Get Status matches a sent fax by. */
	sentAt: string;
	pages?: number;
	fromFax?: string;
	/** `YYYY-MM-DD HH:mm:ss +0000` when the fax is scheduled. */
	sendTime?: string;
	commentTag?: string;
}

/** One item per destination: `outboxFaxId` and `to` first, then what the whole send shares. */
export function sentItems(sent: FaxSent): IDataObject[] {
	const { ids, to, ...shared } = sent;
	return to.map((number) => ({
		outboxFaxId: ids[number] ?? null,
		to: number,
		...(shared as IDataObject),
	}));
}

/** The Idempotency Key's duplicate answer as Send's items: one per destination, the fields of the answer beside each. */
export function duplicateItems(duplicate: Duplicate): IDataObject[] {
	const { ids, faxIds, to, statuses, ...shared } = duplicate;
	return to.map((number) => ({
		outboxFaxId: ids[number] ?? null,
		...(faxIds[number] && { faxId: faxIds[number] }),
		to: number,
		...statuses[number],
		...shared,
	}));
}

/** Send's items as an agent reads them: each with a message on what happens next and how to follow it. */
export function sentForAgent(items: IDataObject[], sendTime: string | undefined): IDataObject[] {
	const when = sendTime ? `at ${sendTime}` : 'now';
	return items.map((item) => ({
		...item,
		message:
			`The fax to ${String(item.to)} was accepted and queued in the Fax.Plus outbox (outbox ID ${String(item.outboxFaxId)}); Fax.Plus sends it ${when}. ` +
			'Sending takes a few minutes (converting, dialling, retries when the line is busy). ' +
			'To check on it: Fax → Get Status with its outboxFaxId, to and sentAt finds it wherever it is (status, statusMeaning, final, and once sent its fax ID). ' +
			'While it waits or is being sent, Outbox → Get with its outbox ID gives its status (submitted, converting, scheduled_for_sending, sending); ' +
			'once sent it leaves the outbox (Outbox → Get then answers that it is not found) and appears under a new fax ID in Fax → Get Many with category "sent", ' +
			'whose status is "success" or a failure such as "failed_user_busy". Cancel it before then with Outbox → Delete. ' +
			'Calling Send again with the same numbers and documents does not fax them again: it answers duplicate: true.',
	}));
}
