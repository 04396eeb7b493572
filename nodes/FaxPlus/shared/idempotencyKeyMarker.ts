// The Idempotency Key's marker (docs/sending.md), which a keyed fax's comment ends with and its tags
// carry: the key's HMAC, then the send's parts' fingerprints (fax/send/idempotency/keyRules.ts).
// Shared: Send writes and finds it; Update of a fax or of an outbox fax keeps it, and each refuses
// it in a text the user gives.
import type { IExecuteFunctions } from 'n8n-workflow';
import { operationError } from '../../shared/transport/nodeErrors';

/** Prefix of the marker a keyed fax carries; reserved in Comment Tags. */
export const KEY_TAG_PREFIX = 'n8n-key-';

/** The parts of a send a key is bound to, in the marker's order, as a refusal names them. */
export const PARTS = {
	destinations: 'the destinations (To)',
	from: 'From',
	documents: 'the documents',
	options:
		'the options that change the fax (Cover Page, Send At, Retry Count, Retry Delay, Text Enhancement, Upload Format)',
};
export const PART_NAMES = Object.keys(PARTS) as Array<keyof typeof PARTS>;
export const KEY_HEX = 24;
export const PART_HEX = 12;
const MARKER = `${KEY_TAG_PREFIX}([0-9a-f]{${KEY_HEX}})-([0-9a-f]{${PART_HEX * PART_NAMES.length}})`;
/** A marker is a whole tag, or the last line of a comment's text; nowhere else. */
const WHOLE_MARKER = new RegExp(`^${MARKER}$`);
export const lastLine = (text: unknown) =>
	typeof text === 'string' ? text.slice(text.lastIndexOf('\n') + 1) : '';

/** Whether a text carries a marker anywhere (which only Send may write). */
export const carriesMarker = (text: string) => new RegExp(MARKER, 'i').test(text);

/** A new comment text for a fax whose comment ends with a marker: the marker stays at its end. */
export function keepingMarker(current: unknown, text: string): string {
	const marker = WHOLE_MARKER.exec(lastLine(current))?.[0];
	return marker === undefined ? text : text ? `${text}\n${marker}` : marker;
}

export const markerOf = (id: string, parts: string) => `${KEY_TAG_PREFIX}${id}-${parts}`;

/** The parts of the first whole marker of key `id` among the candidates, or undefined. */
export function markedParts(candidates: unknown[], id: string): string | undefined {
	return candidates
		.map((text) => WHOLE_MARKER.exec(String(text)))
		.find((match) => match?.[1] === id)?.[2];
}

/** Refuses a comment text given by the user that carries an Idempotency Key marker, naming the field. */
export function refuseMarker(
	context: IExecuteFunctions,
	item: number,
	field: string,
	text: string,
) {
	if (!carriesMarker(text)) return;
	const message = `${field} carries an Idempotency Key marker ("${KEY_TAG_PREFIX}…"), which only Send writes`;
	throw operationError(context, {
		itemIndex: item,
		message,
		description: 'Nothing was sent or changed. Remove the marker from the text.',
	});
}
