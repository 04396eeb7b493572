// De-duplication of webhook deliveries: a bounded, insertion-ordered record of processed
// delivery keys (the webhook-id, or a hash of the raw body for unsigned legacy deliveries).
// A plain module: no n8n imports, only node:crypto, and an injectable clock.
//
// Where the record lives
// - In process: one DeliveryLog per workflow + trigger node (module level), so concurrent
//   requests in one n8n process see each other at once: the check-and-record is synchronous,
//   so 50 concurrent copies of one delivery record it exactly once.
// - In the workflow's node static data: n8n loads static data per request and saves it after,
//   so two concurrent requests each save the copy they loaded. To lose nothing, every save
//   stores a snapshot whose record is built from this process's live log when n8n serialises
//   it: whichever request's save is written last, it holds everything this process has
//   recorded up to that moment. After a restart the first request rebuilds the in-process log
//   from the saved record (once, O(n)).
//
// Cost per delivery: a digest, a Map lookup, appends, and pruning from the head of the
// arrays (each entry is pruned once: amortized O(1)). The arrays are compacted (copied) only
// when more than half of them is dead, which is amortized O(1) as well. Arrays and a Map are
// used rather than object keys, because JS objects reorder integer-like keys.
//
// What is saved (record v2), small because n8n loads and saves all of it with every delivery:
// each key as a fixed-size digest (the first 72 bits of its SHA-256, 12 base64 characters),
// all of them joined in one string, and the times as one string of whole seconds (the first,
// then the difference to the previous entry, base 36, empty for 0). At the default cap of
// 10,000 that is about 140 KB instead of 520 KB (v1: the keys and the times in ms as arrays).
// Collision risk: a new delivery is taken for a repeat only if its digest equals one of the
// at most `maxEntries` recorded: with 10,000 recorded, 10,000 / 2^72 ≈ 2 × 10^-18 per delivery.
// A v1 record (written before the upgrade) is read as well: its keys are digested on load.
//
// What remains possible with several webhook processes (queue mode with webhook processors,
// or several mains): each process has its own in-process log. A process merges a snapshot
// written by another process when it loads one (O(n), only when the snapshot changed), but two
// processes receiving the same delivery at the same moment can both run it, and a save of one
// process can overwrite records the other saved a moment before (last writer wins in the
// database). Retries and replays of a delivery that reach a process that already saw it, or
// that arrive after the snapshot was saved and loaded, are still skipped.
import { createHash, hash, randomUUID } from 'node:crypto';

export const DEFAULT_RETENTION_DAYS = 7;
export const DEFAULT_MAX_ENTRIES = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Keys longer than this are stored as their hash. */
const MAX_KEY_LENGTH = 128;
/** Dead entries at the head tolerated before compacting. */
const MIN_COMPACTION = 1024;
/** Characters of a key's digest in the record: 72 bits of SHA-256 in base64. */
export const DIGEST_LENGTH = 12;

/** The record as saved in static data (JSON), v2. */
export interface DeliveryLogRecord {
	v: 2;
	/** Which in-process log wrote it (a new one after every restart). */
	epoch: string;
	/** The keys' digests, oldest first, DIGEST_LENGTH characters each. */
	ids: string;
	/** Seconds when each was recorded: the first, then differences to the previous (base 36, '' for 0), joined by ','. */
	times: string;
}

/** The record as the previous version saved it (v1); still read after an upgrade. */
export interface DeliveryLogRecordV1 {
	v: 1;
	epoch: string;
	/** Entries before `head` are dead. */
	head: number;
	keys: string[];
	/** ms, parallel to keys. */
	times: number[];
}

/** What snapshot() hands out: serialises (toJSON) to the record as it is at that moment. */
export interface DeliveryLogSnapshot {
	v: 2;
	epoch: string;
	toJSON(): DeliveryLogRecord;
}

export interface DeliveryLogOptions {
	retentionMs?: number;
	maxEntries?: number;
	/** Clock in milliseconds; Date.now by default. */
	now?: () => number;
}

// One-shot hashing (Node ≥ 20.12) is several times cheaper than createHash for short keys.
const hashOnce = typeof hash === 'function' ? hash : undefined;

/** The digest a key is recorded and saved as. */
export function digestOfKey(key: string): string {
	const full = hashOnce
		? hashOnce('sha256', key, 'base64')
		: createHash('sha256').update(key, 'utf8').digest('base64');
	return full.slice(0, DIGEST_LENGTH);
}

function isRecordV2(value: unknown): value is DeliveryLogRecord {
	const record = value as Partial<DeliveryLogRecord> | null;
	return (
		!!record &&
		typeof record === 'object' &&
		record.v === 2 &&
		typeof record.epoch === 'string' &&
		typeof record.ids === 'string' &&
		typeof record.times === 'string' &&
		record.ids.length % DIGEST_LENGTH === 0
	);
}

function isRecordV1(value: unknown): value is DeliveryLogRecordV1 {
	const record = value as Partial<DeliveryLogRecordV1> | null;
	return (
		!!record &&
		typeof record === 'object' &&
		record.v === 1 &&
		typeof record.epoch === 'string' &&
		typeof record.head === 'number' &&
		Array.isArray(record.keys) &&
		Array.isArray(record.times) &&
		record.keys.length === record.times.length
	);
}

/** The saved record (v2 or v1) or a snapshot of it; undefined for anything else. */
function recordOf(value: unknown): DeliveryLogRecord | DeliveryLogRecordV1 | undefined {
	const plain =
		value && typeof (value as { toJSON?: unknown }).toJSON === 'function'
			? (value as { toJSON(): unknown }).toJSON()
			: value;
	return isRecordV2(plain) || isRecordV1(plain) ? plain : undefined;
}

export function isDeliveryLogSnapshot(value: unknown): boolean {
	return recordOf(value) !== undefined;
}

/** The live entries of a saved record (v2 or v1), oldest first: digests and times (ms). */
export function entriesOfRecord(value: unknown): { digests: string[]; times: number[] } {
	const record = recordOf(value);
	if (!record) return { digests: [], times: [] };
	if (record.v === 1) {
		const digests: string[] = [];
		const times: number[] = [];
		const start = Math.max(0, Math.min(Math.floor(record.head), record.keys.length));
		for (let i = start; i < record.keys.length; i++) {
			const key = record.keys[i];
			const time = Number(record.times[i]);
			if (typeof key !== 'string' || !Number.isFinite(time)) continue;
			digests.push(digestOfKey(key));
			times.push(time);
		}
		return { digests, times };
	}
	const count = record.ids.length / DIGEST_LENGTH;
	const columns = record.times === '' ? [] : record.times.split(',');
	if (columns.length !== count) return { digests: [], times: [] };
	const digests = new Array<string>(count);
	const times = new Array<number>(count);
	let seconds = 0;
	for (let i = 0; i < count; i++) {
		const column = columns[i];
		seconds += column === '' ? 0 : parseInt(column, 36);
		digests[i] = record.ids.slice(i * DIGEST_LENGTH, (i + 1) * DIGEST_LENGTH);
		times[i] = seconds * 1000;
	}
	return Number.isFinite(seconds) ? { digests, times } : { digests: [], times: [] };
}

/** A stable key of a delivery id; long ids are hashed first. */
export function keyOfDeliveryId(id: string): string {
	return id.length <= MAX_KEY_LENGTH ? `id:${id}` : `idh:${createHash('sha256').update(id, 'utf8').digest('base64')}`;
}

/** The key of a delivery without a webhook-id (legacy hooks): a hash of its exact body. */
export function keyOfRawBody(rawBody: Buffer): string {
	return `body:${createHash('sha256').update(rawBody).digest('base64')}`;
}

export function retentionMsOfDays(days: unknown): number {
	const value = Number(days);
	return (Number.isFinite(value) && value > 0 ? value : DEFAULT_RETENTION_DAYS) * DAY_MS;
}

export function maxEntriesOf(value: unknown): number {
	const count = Math.floor(Number(value));
	return Number.isFinite(count) && count >= 1 ? count : DEFAULT_MAX_ENTRIES;
}

const secondsOf = (ms: number) => Math.floor(ms / 1000);

/** The time column's text of the usual differences (0 s to 21 min), shared rather than one string per entry. */
const SHORT_DELTAS = Array.from({ length: 36 * 36 }, (_, seconds) => (seconds === 0 ? '' : seconds.toString(36)));
const deltaText = (seconds: number) => SHORT_DELTAS[seconds] ?? seconds.toString(36);

export class DeliveryLog {
	readonly epoch = randomUUID();

	/** Digests of the recorded keys, oldest first; entries before `head` are dead. */
	private digests: string[] = [];

	/** When each was recorded (ms), parallel to digests. */
	private times: number[] = [];

	/** The saved time column of each entry: seconds since the previous entry, base 36 ('' for 0). */
	private deltas: string[] = [];

	private head = 0;

	private readonly index = new Map<string, number>();

	private retentionMs: number;

	private maxEntries: number;

	private readonly now: () => number;

	/** Fingerprint of the last foreign record merged, to skip merging it again. */
	private lastMerged = '';

	/** Changes since the log was created; the saved record is rebuilt only after one. */
	private version = 0;

	private encoded: { version: number; record: DeliveryLogRecord } | undefined;

	private handle: DeliveryLogSnapshot | undefined;

	constructor(options: DeliveryLogOptions = {}) {
		this.retentionMs = options.retentionMs ?? DEFAULT_RETENTION_DAYS * DAY_MS;
		this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
		this.now = options.now ?? Date.now;
	}

	configure(options: Pick<DeliveryLogOptions, 'retentionMs' | 'maxEntries'>): void {
		if (options.retentionMs !== undefined && options.retentionMs > 0) this.retentionMs = options.retentionMs;
		if (options.maxEntries !== undefined && options.maxEntries >= 1) this.maxEntries = Math.floor(options.maxEntries);
	}

	/** Live entries. */
	get size(): number {
		return this.digests.length - this.head;
	}

	/** Length of the stored arrays, dead head included (for tests of the bound). */
	get storedLength(): number {
		return this.digests.length;
	}

	has(key: string): boolean {
		this.prune(this.now());
		return this.index.has(digestOfKey(key));
	}

	/**
	 * Records the key unless it is already recorded. Synchronous, so concurrent requests in
	 * one process cannot both record the same key. Answers true for a first delivery.
	 */
	checkAndRecord(key: string): boolean {
		const digest = digestOfKey(key);
		const now = this.now();
		this.prune(now);
		if (this.index.has(digest)) return false;
		this.index.set(digest, now);
		this.append(digest, now);
		this.prune(now);
		return true;
	}

	/**
	 * Merges a record from static data (v2, or v1 of the previous version). Skipped when this
	 * log wrote it (it already holds everything in it) or when it is the same foreign record as last time.
	 */
	load(value: unknown): void {
		if (!value || typeof value !== 'object' || (value as { epoch?: unknown }).epoch === this.epoch) return;
		const record = recordOf(value);
		if (!record) return;
		const fingerprint =
			record.v === 2
				? `2|${record.epoch}|${record.ids.length}|${record.ids.slice(0, DIGEST_LENGTH)}|${record.ids.slice(-DIGEST_LENGTH)}|${record.times.slice(0, 12)}`
				: `1|${record.epoch}|${record.head}|${record.keys.length}|${record.keys[record.head] ?? ''}|${record.keys[record.keys.length - 1] ?? ''}`;
		if (fingerprint === this.lastMerged) return;
		this.lastMerged = fingerprint;

		const loaded = entriesOfRecord(record);
		const merged: Array<[string, number]> = [];
		for (let i = this.head; i < this.digests.length; i++) merged.push([this.digests[i], this.times[i]]);
		for (let i = 0; i < loaded.digests.length; i++) {
			const digest = loaded.digests[i];
			if (this.index.has(digest)) continue;
			this.index.set(digest, loaded.times[i]);
			merged.push([digest, loaded.times[i]]);
		}
		// Keep the arrays in time order so pruning from the head stays correct.
		merged.sort((a, b) => a[1] - b[1]);
		this.digests = [];
		this.times = [];
		this.deltas = [];
		this.head = 0;
		for (const [digest, time] of merged) this.append(digest, time);
		this.prune(this.now());
	}

	/**
	 * The snapshot to store in static data. O(1): the record is built when n8n serialises it
	 * (toJSON, also used by n8n's deepCopy), so a snapshot serialised later holds every entry
	 * recorded before that moment. Its toJSON is not enumerable: n8n's observable static data
	 * walks only enumerable properties.
	 */
	snapshot(): DeliveryLogSnapshot {
		// One per log: assigning it again still marks n8n's static data as changed.
		if (!this.handle) {
			this.handle = { v: 2, epoch: this.epoch } as DeliveryLogSnapshot;
			Object.defineProperty(this.handle, 'toJSON', { value: () => this.record(), enumerable: false });
		}
		return this.handle;
	}

	/** The record of the live entries (rebuilt only after a change). */
	record(): DeliveryLogRecord {
		if (this.encoded?.version === this.version) return this.encoded.record;
		const { head } = this;
		const count = this.digests.length - head;
		const times = count === 0 ? '' : secondsOf(this.times[head]).toString(36) + (count > 1 ? ',' : '') + this.deltas.slice(head + 1).join(',');
		const record: DeliveryLogRecord = { v: 2, epoch: this.epoch, ids: this.digests.slice(head).join(''), times };
		this.encoded = { version: this.version, record };
		return record;
	}

	/** Marks the saved record as stale and lets the old one go. */
	private changed(): void {
		this.version++;
		this.encoded = undefined;
	}

	private append(digest: string, time: number): void {
		const last = this.digests.length - 1;
		const delta = last >= 0 ? secondsOf(time) - secondsOf(this.times[last]) : 0;
		this.digests.push(digest);
		this.times.push(time);
		this.deltas.push(deltaText(delta));
		this.changed();
	}

	private prune(now: number): void {
		const cutoff = now - this.retentionMs;
		const before = this.head;
		while (
			this.head < this.digests.length &&
			(this.times[this.head] < cutoff || this.digests.length - this.head > this.maxEntries)
		) {
			this.index.delete(this.digests[this.head]);
			// Frees the dead digest now rather than at the next compaction.
			this.digests[this.head] = '';
			this.head++;
		}
		if (this.head !== before) this.changed();
		if (this.head >= MIN_COMPACTION && this.head * 2 >= this.digests.length) {
			this.digests = this.digests.slice(this.head);
			this.times = this.times.slice(this.head);
			this.deltas = this.deltas.slice(this.head);
			this.head = 0;
		}
	}
}

const logs = new Map<string, DeliveryLog>();

/**
 * Trigger nodes whose logs stay in memory. The least recently used is dropped past it
 * (a deleted workflow's log, say); its record is still in static data and is rebuilt
 * from there on its next delivery.
 */
const MAX_LOGS = 1000;

/** The in-process log of one workflow's trigger node (created on first use). */
export function deliveryLogFor(scope: string, options: DeliveryLogOptions = {}): DeliveryLog {
	let log = logs.get(scope);
	if (log) {
		logs.delete(scope);
		log.configure(options);
	} else {
		log = new DeliveryLog(options);
		if (logs.size >= MAX_LOGS) logs.delete(logs.keys().next().value as string);
	}
	// Re-inserted on every use, so the Map's order is least recently used first.
	logs.set(scope, log);
	return log;
}

/** Forgets every in-process log, as a restart of n8n does (for tests). */
export function resetDeliveryLogs(): void {
	logs.clear();
}
