// The Idempotency Key's marker (docs/sending.md), which a keyed fax's comment ends with and its tags
// carry: the key's HMAC (over credential, User ID, workflow and node), then the send's parts'
// fingerprints. Pure (no n8n): Send writes and reads it; Update of a fax or an outbox fax keeps it.
import { createHash, createHmac } from 'node:crypto';

/** Prefix of the marker a keyed fax carries; reserved in Comment Tags. */
export const KEY_TAG_PREFIX = 'n8n-key-';

/** What a key is bound to. */
export interface SendIdentity {
	userId: string;
	to: string[];
	from: string;
	/** Opened again to fingerprint them, so a large document is never held whole. */
	documents: ReadonlyArray<{ open: () => Promise<AsyncIterable<Uint8Array>> }>;
	fromFax?: string;
	/** The options that change the fax (cover page, send time, retries, enhancement, upload format). */
	faxOptions?: Record<string, unknown>;
}

/** The parts of a send a key is bound to, in the marker's order, as a refusal names them. */
export const PARTS = {
	destinations: 'the destinations (To)',
	from: 'From',
	documents: 'the documents',
	options:
		'the options that change the fax (Cover Page, Send At, Retry Count, Retry Delay, Text Enhancement, Upload Format)',
};
const PART_NAMES = Object.keys(PARTS) as Array<keyof typeof PARTS>;
const KEY_HEX = 24;
const PART_HEX = 12;
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

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON with its keys sorted, so that equal options hash equally. */
const canonicalJson = (value: unknown) =>
	JSON.stringify(value, (_, inner: unknown) =>
		inner !== null && typeof inner === 'object' && !Array.isArray(inner)
			? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
			: inner,
	);

/** The parts' fingerprints, in PARTS' order; the documents' is over each one's SHA-256, in order, and the fax sent again. */
export async function partsOf(identity: SendIdentity): Promise<string> {
	const documents: string[] = [];
	for (const document of identity.documents) {
		const hash = createHash('sha256');
		for await (const chunk of await document.open()) hash.update(chunk);
		documents.push(hash.digest('hex'));
	}
	if (identity.fromFax !== undefined) documents.push(`fax:${identity.fromFax}`);
	const parts = [
		sha256([...new Set(identity.to)].sort().join(',')),
		sha256(identity.from),
		sha256(documents.join('\n')),
		sha256(canonicalJson(identity.faxOptions ?? {})),
	];
	return parts.map((part) => part.slice(0, PART_HEX)).join('');
}

const partAt = (parts: string, i: number) => parts.slice(i * PART_HEX, (i + 1) * PART_HEX);
export const differingParts = (ours: string, theirs: string) =>
	PART_NAMES.filter((_, i) => partAt(ours, i) !== partAt(theirs, i));

/** The key's HMAC under its key space (credential and User ID): over workflow and node (`scope`) and the key given, or, for a tool's default key, the send's parts. */
export function keyIdOf(space: string, scope: string[], given: string | undefined, parts: string) {
	const name = given === undefined ? `tool\n${parts}` : `key\n${given}`;
	return createHmac('sha256', space)
		.update([...scope, name].join('\n'))
		.digest('hex')
		.slice(0, KEY_HEX);
}

// n8n's record of a node's keys (docs/sending.md): a claim's entries, and what the answers to it mean.

/** An in-flight mark holds for the window it was written in and the next: 30 to 60 s. */
export const MARK_WINDOW_MS = 30_000;

/** A claim's entries, each for the period (or mark's window) it is written in and the one before: the key was `used`, is in flight (`marks`), was posted (`posting`); the claim's `nonce`. */
export type KeyRecord = Record<'used' | 'marks' | 'posting', string[]> & { nonce: string };

/** The entries of a claim of key `id` at `now` (a key holds for one to two `life`s, in ms). */
export function keyRecordOf(id: string, now: number, life: number, nonce: string): KeyRecord {
	const pair = (name: string, size: number) =>
		[1, 0].map((back) => `send-key:${id}:${name}:${Math.floor(now / size) - back}`);
	return {
		used: pair('used', life),
		marks: pair('flight', MARK_WINDOW_MS),
		posting: pair('posting', life),
		nonce: `send-key:${id}:nonce:${nonce}`,
	};
}

/** The entries a claim writes (the read-back adds `posting`). */
export const entriesOfRecord = (r: KeyRecord) => [...r.used, ...r.marks, r.nonce];

const allNew = (entries: string[], added: ReadonlySet<string>) =>
	entries.every((entry) => added.has(entry));

/** A claim's answer (`added`: its entries not there): new to the record and not in flight, in flight, or sent (the key's fax answers, or what differs). */
export function claimVerdict(record: KeyRecord, added: ReadonlySet<string>) {
	if (!allNew(record.marks, added)) return 'inFlight';
	return allNew(record.used, added) ? 'claimed' : 'used';
}

/** Whether a `used` key's send never made its outbox request (`added`: the answer to its `posting`): claimed again. */
export const neverPosted = (record: KeyRecord, added: ReadonlySet<string>) =>
	allNew(record.posting, added);

/** A read-back's answer: the nonce there (held: this send faxes), replaced by another claim (lost), or all of it erased (written again). `posted`: this claim wrote its `posting` in an earlier read-back, or no other send can have claimed the key again; else a `posting` there is another send's (one that claimed the key once this one's marks expired): lost. */
export function readBackVerdict(record: KeyRecord, added: ReadonlySet<string>, posted = false) {
	if (!posted && !neverPosted(record, added)) return 'lost';
	if (!added.has(record.nonce)) return 'held';
	return allNew(entriesOfRecord(record), added) ? 'erased' : 'lost';
}
