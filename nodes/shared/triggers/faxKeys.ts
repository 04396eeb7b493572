// Fax-level keys both triggers record, so each fax event passes once (a retry records both IDs).
import { idOf, isObject } from './output';

/** Keys one item records: `gate` keys hold it back when any was recorded before; `also` keys are only recorded. */
export type RecordKeys = { gate: string[]; also: string[] };

export function faxKeyOf(event: string, faxId: string): string {
	return `fax:${event}:${faxId}`;
}

export function faxKeysOfDelivery(hook: unknown, data: unknown): RecordKeys {
	const h = isObject(hook) ? hook : {};
	const d = isObject(data) ? data : {};
	const event = typeof h.event === 'string' ? h.event : undefined;
	const sessionId = idOf(d.id);
	const faxId = idOf(h.id) ?? sessionId;
	// The fax list shows no pages: the polling trigger never brings one.
	if (event === undefined || event === 'fax_page_received' || faxId === undefined)
		return { gate: [], also: [] };
	if (event === 'fax_sent' && sessionId !== undefined && faxId !== sessionId)
		return {
			gate: [`${faxKeyOf(event, faxId)}:attempt:${sessionId}`],
			also: [faxKeyOf(event, faxId), faxKeyOf(event, sessionId)],
		};
	return { gate: [faxKeyOf(event, faxId)], also: [] };
}
