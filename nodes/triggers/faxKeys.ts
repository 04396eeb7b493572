// Fax-level keys both triggers record, so each fax event passes once (a retry records both IDs).
import { idOf, isObject } from './output';

/** Keys one item records: `gate` keys hold it back when any was recorded before; `also` keys are only recorded. */
export interface RecordKeys {
	gate: string[];
	also: string[];
}

export function faxKeyOf(event: string, faxId: string): string {
	return `fax:${event}:${faxId}`;
}

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
