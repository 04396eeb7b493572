// The fax-level keys both triggers record in the workflow's shared record (recordOnce.ts), so a
// workflow with both triggers passes each fax event on once, whichever brings it first. The fax's
// ID is the one the fax list shows (and Get, Download and Fax AI take, and both triggers output
// as `faxId`): a delivery's `hook.id` (Fax.Plus: "Fax ID"; its `data.id` is the sending
// session's, "might differ from the one returned by listFaxes"), else `data.id`.
// - fax_received, and fax_sent at its first attempt (hook.id equals data.id): `fax:<event>:<fax ID>`.
// - fax_sent of a fax Fax.Plus retried (hook.id differs from data.id): each attempt is an event
//   of its own, `fax:fax_sent:<fax ID>:attempt:<data.id>`, and it also records
//   `fax:fax_sent:<fax ID>` and `fax:fax_sent:<data.id>` (without being held back by them), so
//   the polling trigger passes the fax on only when no attempt's delivery did, whichever of the
//   two IDs the list shows it under.
// - fax_page_received: `fax:fax_page_received:<fax ID>:page:<data.page>`, only the webhook
//   trigger's (the fax list shows no pages): a page reaches the workflow once even under two
//   webhook-ids.
// A delivery without a fax ID (or a page without a number) has no fax-level key: its webhook-id
// alone decides.
import { idOf, isObject } from './output';

/** Keys one item records: `gate` keys hold it back when any was recorded before; `also` keys are only recorded. */
export interface RecordKeys {
	gate: string[];
	also: string[];
}

/** The key of a whole fax's event (fax_received, fax_sent), as both triggers record it. */
export function faxKeyOf(event: string, faxId: string): string {
	return `fax:${event}:${faxId}`;
}

/** The fax-level keys of a delivery's `{ hook, data }`. */
export function faxKeysOfDelivery(hook: unknown, data: unknown): RecordKeys {
	const h = isObject(hook) ? hook : {};
	const d = isObject(data) ? data : {};
	const event = typeof h.event === 'string' ? h.event : undefined;
	const hookId = idOf(h.id);
	const sessionId = idOf(d.id);
	const faxId = hookId ?? sessionId;
	if (event === undefined || faxId === undefined) return { gate: [], also: [] };
	if (event === 'fax_page_received') {
		const page = idOf(d.page);
		return { gate: page === undefined ? [] : [`${faxKeyOf(event, faxId)}:page:${page}`], also: [] };
	}
	if (
		event === 'fax_sent' &&
		hookId !== undefined &&
		sessionId !== undefined &&
		hookId !== sessionId
	)
		return {
			gate: [`${faxKeyOf(event, faxId)}:attempt:${sessionId}`],
			also: [faxKeyOf(event, faxId), faxKeyOf(event, sessionId)],
		};
	return { gate: [faxKeyOf(event, faxId)], also: [] };
}
