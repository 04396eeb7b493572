// The Idempotency Key's marker (docs/sending.md): the key's HMAC, then the parts' fingerprints.
import { createHash, createHmac } from 'node:crypto';

/** Prefix of the marker a keyed fax carries; reserved in Comment Tags. */
export const KEY_TAG_PREFIX = 'n8n-key-';

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
	const [, found, parts] =
		candidates.map((text) => WHOLE_MARKER.exec(String(text))).find((match) => match?.[1] === id) ??
		[];
	return found ? parts : undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON with its keys sorted, so that equal options hash equally. */
const canonicalJson = (value: unknown) =>
	JSON.stringify(value, (_, inner: unknown) =>
		inner !== null && typeof inner === 'object' && !Array.isArray(inner)
			? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
			: inner,
	);

/** A fingerprint of the documents (SHA-256 of each, in order) or of the fax sent again. */
async function documentsFingerprint(identity: SendIdentity): Promise<string> {
	const parts: string[] = [];
	for (const document of identity.documents) {
		const hash = createHash('sha256');
		for await (const chunk of await document.open()) hash.update(chunk);
		parts.push(hash.digest('hex'));
	}
	if (identity.fromFax !== undefined) parts.push(`fax:${identity.fromFax}`);
	return sha256(parts.join('\n'));
}

export async function partsOf(identity: SendIdentity): Promise<string> {
	const parts = [
		sha256([...new Set(identity.to)].sort().join(',')),
		sha256(identity.from),
		await documentsFingerprint(identity),
		sha256(canonicalJson(identity.faxOptions ?? {})),
	];
	return parts.map((part) => part.slice(0, PART_HEX)).join('');
}

const partAt = (parts: string, i: number) => parts.slice(i * PART_HEX, (i + 1) * PART_HEX);
export const differingParts = (ours: string, theirs: string) =>
	PART_NAMES.filter((_, i) => partAt(ours, i) !== partAt(theirs, i));

/** The key's HMAC under the account over workflow, node and key (a tool's default: parts). */
export function keyIdOf(
	account: string,
	scope: string[],
	given: string | undefined,
	parts: string,
): string {
	const name = given === undefined ? `tool\n${parts}` : `key\n${given}`;
	return createHmac('sha256', account)
		.update([...scope, name].join('\n'))
		.digest('hex')
		.slice(0, KEY_HEX);
}

// The record of sent keys lives in n8n's processed-data store (node scope, docs/sending.md).

/** An in-flight mark holds for the window it was written in and the next: 30 to 60 s. */
export const MARK_WINDOW_MS = 30_000;

/** A claim's entries, each for its period (or window) and the one before. */
export interface KeyRecord {
	used: string[];
	parts: string[];
	marks: string[];
	/** Written by the read-back just before the outbox request, not by the claim. */
	posting: string[];
	nonce: string;
}

/** A claim's entries: a key holds one to two `lifetimeMs`, an in-flight mark 30 to 60 s. */
export function keyRecordOf(
	id: string,
	parts: string,
	now: number,
	lifetimeMs: number,
	nonce: string,
): KeyRecord {
	const pair = (size: number) => {
		const at = Math.floor(now / size);
		return [at - 1, at];
	};
	return {
		used: pair(lifetimeMs).map((period) => `send-key:${id}:used:${period}`),
		parts: pair(lifetimeMs).map((period) => `send-key:${id}:parts:${parts}:${period}`),
		marks: pair(MARK_WINDOW_MS).map((window) => `send-key:${id}:flight:${window}`),
		posting: pair(lifetimeMs).map((period) => `send-key:${id}:posting:${period}`),
		nonce: `send-key:${id}:nonce:${nonce}`,
	};
}

/** The entries a claim writes, in order (the read-back adds `posting`). */
export const entriesOfRecord = (record: KeyRecord) => [
	...record.used,
	...record.parts,
	...record.marks,
	record.nonce,
];

/** What the record's answer (`added`: entries that were not there) to a claim says. */
export type ClaimVerdict = 'claimed' | 'reused' | 'inFlight' | 'used';

export function claimVerdict(record: KeyRecord, added: ReadonlySet<string>): ClaimVerdict {
	const allNew = (entries: string[]) => entries.every((entry) => added.has(entry));
	const used = !allNew(record.used);
	if (!used && allNew(record.marks)) return 'claimed';
	if (used && allNew(record.parts)) return 'reused';
	if (!allNew(record.marks)) return 'inFlight';
	return 'used';
}

/** A used key whose send never made its outbox request may be claimed again. */
export const neverPosted = (record: KeyRecord, added: ReadonlySet<string>) =>
	record.posting.every((entry) => added.has(entry));

/** After the settle: `held` (nonce there), `lost` (another claim won), `erased` (claim again). */
export type ReadBackVerdict = 'held' | 'lost' | 'erased';

export function readBackVerdict(record: KeyRecord, added: ReadonlySet<string>): ReadBackVerdict {
	if (!added.has(record.nonce)) return 'held';
	return entriesOfRecord(record).every((entry) => added.has(entry)) ? 'erased' : 'lost';
}
