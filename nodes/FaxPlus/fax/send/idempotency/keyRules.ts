// The Idempotency Key's rules (docs/sending.md): what a key is bound to and its HMAC, and what
// n8n's record of a node's keys answers to a claim (./keyClaim.ts). Pure (no n8n).
import { createHash, createHmac } from 'node:crypto';
import { KEY_HEX, PART_HEX, PART_NAMES } from '../../../shared/idempotencyKeyMarker';

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

/**
 * A read-back's answer: the nonce there (held: this send faxes), replaced by another claim (lost),
 * or all of it erased (written again). `posted`: this claim wrote its `posting` in an earlier
 * read-back, or no other send can have claimed the key again; else a `posting` there is another
 * send's (one that claimed the key once this one's marks expired): lost.
 */
export function readBackVerdict(record: KeyRecord, added: ReadonlySet<string>, posted = false) {
	if (!posted && !neverPosted(record, added)) return 'lost';
	if (!added.has(record.nonce)) return 'held';
	return allNew(entriesOfRecord(record), added) ? 'erased' : 'lost';
}
