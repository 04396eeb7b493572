// De-duplication of webhook deliveries: a bounded, insertion-ordered record of processed
// delivery keys (the webhook-id, or a hash of the body for unsigned legacy deliveries).
// A plain module: no n8n imports, only node:crypto, and an injectable clock.
//
// Where records live (see README, "What the trigger guarantees")
// - In process (this module): one DeliveryLog per workflow + trigger node, the fast path of
//   webhook(). A key is claimed while its delivery is in flight (a concurrent copy is told to
//   come back later, so it can neither run twice nor be lost) and recorded only once n8n's 2xx
//   answer has gone out, that is once n8n holds the run. Synchronous, so concurrent requests in
//   one process cannot interleave.
// - Durably, in n8n's processed-data store (`checkProcessedAndRecord`), written by the trigger's
//   execute() phase inside the run, on whichever process runs it (a queue worker too). Not here.
// - Records that versions up to 0.1.x saved in the workflow's static data (v1, v2, v3 below) are
//   still read (load) and honoured, and removed once every entry is past the retention (when n8n
//   activates the workflow or starts, and by a delivery's webhook() where n8n saves it); nothing
//   else writes static data: queue workers run with empty static data, where a save would wipe
//   the record. (n8n 2.41.1 does not keep static data in the executions it stores:
//   `toWorkflowSnapshot` leaves it out of the workflow snapshot.)
//
// Cost per delivery: a digest, a Map lookup, appends, and pruning from the head of the
// arrays (each entry is pruned once: amortized O(1)). The arrays and the index are rebuilt only
// when a third of the arrays is dead, which is amortized O(1) as well. Arrays and a Map are
// used rather than object keys, because JS objects reorder integer-like keys.
//
// The static-data record (v3, as saved up to 0.1.x): each key as a fixed-size digest (the
// first 48 bits of its SHA-256, 8 base64 characters), all of them joined in one string, and the
// times as runs: entries recorded within a window (a 512th of the retention: 20 minutes for
// 7 days) share one time, the latest of them, so a restored entry is never forgotten early and
// at most a window late. At the default cap of 10,000 that is about 80 KB (v2: 136 KB, v1: 520 KB).
// Collision risk: a new delivery is taken for a repeat only if its digest equals one of the at
// most `maxEntries` recorded: with 10,000 recorded, 10,000 / 2^48 ≈ 3.6 × 10^-11 per delivery
// (one in 28 billion). Records of v2 (72-bit digests, whose first 48 bits are the v3 digest)
// and v1 (webhook-ids) are read as well.
import { createHash, hash, randomUUID } from 'node:crypto';

import { DAY_MS, DEFAULT_MAX_ENTRIES, DEFAULT_RETENTION_DAYS } from '../triggers/limits';

export {
	DEFAULT_MAX_ENTRIES,
	DEFAULT_RETENTION_DAYS,
	maxEntriesOf,
	retentionMsOfDays,
} from '../triggers/limits';
/** Keys longer than this are stored as their hash. */
const MAX_KEY_LENGTH = 128;
/** Dead entries at the head tolerated before compacting. */
const MIN_COMPACTION = 1024;
/** Characters of a key's digest in the record: 48 bits of SHA-256 in base64. */
export const DIGEST_LENGTH = 8;
/** Characters of a digest in a v2 record (72 bits); its first DIGEST_LENGTH are the v3 digest. */
const V2_DIGEST_LENGTH = 12;
/** Entries recorded within retention / RUNS_PER_RETENTION of a run's first share its time. */
const RUNS_PER_RETENTION = 512;

/** The record as saved in static data (JSON), v3. */
export interface DeliveryLogRecord {
	v: 3;
	/** Which in-process log wrote it (a new one after every restart). */
	epoch: string;
	/** The keys' digests, oldest first, DIGEST_LENGTH characters each. */
	ids: string;
	/**
	 * Runs of entries, oldest first, as `<seconds>.<count>` joined by ',' (base 36): the first
	 * run's time in whole seconds (rounded up), then each run's seconds after the previous run.
	 * A run's time is the latest of its entries; the counts add up to the number of ids.
	 */
	runs: string;
}

/** The record of the version before (v2); still read after an upgrade. */
export interface DeliveryLogRecordV2 {
	v: 2;
	epoch: string;
	/** 72-bit digests, V2_DIGEST_LENGTH characters each. */
	ids: string;
	/** Seconds when each was recorded: the first, then differences to the previous (base 36, '' for 0), joined by ','. */
	times: string;
}

/** The record of the first version (v1); still read after an upgrade. */
export interface DeliveryLogRecordV1 {
	v: 1;
	epoch: string;
	/** Entries before `head` are dead. */
	head: number;
	keys: string[];
	/** ms, parallel to keys. */
	times: number[];
}

type AnyRecord = DeliveryLogRecord | DeliveryLogRecordV2 | DeliveryLogRecordV1;

/** What snapshot() hands out: serialises (toJSON) to the record as it is at that moment. */
export interface DeliveryLogSnapshot {
	v: 3;
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

const isObject = (value: unknown): value is Record<string, unknown> =>
	!!value && typeof value === 'object';

/** A record of digests joined in `ids` with a text column beside them (v2 and v3). */
function isDigestRecord(
	value: unknown,
	version: 2 | 3,
	column: 'times' | 'runs',
	digestLength: number,
): boolean {
	return (
		isObject(value) &&
		value.v === version &&
		typeof value.epoch === 'string' &&
		typeof value.ids === 'string' &&
		typeof value[column] === 'string' &&
		value.ids.length % digestLength === 0
	);
}

const isRecordV3 = (value: unknown): value is DeliveryLogRecord =>
	isDigestRecord(value, 3, 'runs', DIGEST_LENGTH);

const isRecordV2 = (value: unknown): value is DeliveryLogRecordV2 =>
	isDigestRecord(value, 2, 'times', V2_DIGEST_LENGTH);

function isRecordV1(value: unknown): value is DeliveryLogRecordV1 {
	return (
		isObject(value) &&
		value.v === 1 &&
		typeof value.epoch === 'string' &&
		typeof value.head === 'number' &&
		Array.isArray(value.keys) &&
		Array.isArray(value.times) &&
		value.keys.length === value.times.length
	);
}

/** The saved record (any version) or a snapshot of it; undefined for anything else. */
function recordOf(value: unknown): AnyRecord | undefined {
	const plain =
		value && typeof (value as { toJSON?: unknown }).toJSON === 'function'
			? (value as { toJSON(): unknown }).toJSON()
			: value;
	return isRecordV3(plain) || isRecordV2(plain) || isRecordV1(plain) ? plain : undefined;
}

export function isDeliveryLogSnapshot(value: unknown): boolean {
	return recordOf(value) !== undefined;
}

interface Entries {
	digests: string[];
	/** ms, parallel to digests. */
	times: number[];
}

const NO_ENTRIES: Entries = { digests: [], times: [] };

function entriesOfV3(record: DeliveryLogRecord): Entries {
	const count = record.ids.length / DIGEST_LENGTH;
	const digests = new Array<string>(count);
	const times = new Array<number>(count);
	let seconds = 0;
	let entry = 0;
	for (const run of record.runs === '' ? [] : record.runs.split(',')) {
		const [time, size] = run.split('.');
		seconds += parseInt(time, 36);
		const runSize = Number.parseInt(size, 36);
		if (!Number.isFinite(seconds) || !(runSize >= 1) || entry + runSize > count) return NO_ENTRIES;
		for (const end = entry + runSize; entry < end; entry++) {
			digests[entry] = record.ids.slice(entry * DIGEST_LENGTH, (entry + 1) * DIGEST_LENGTH);
			times[entry] = seconds * 1000;
		}
	}
	return entry === count ? { digests, times } : NO_ENTRIES;
}

function entriesOfV2(record: DeliveryLogRecordV2): Entries {
	const count = record.ids.length / V2_DIGEST_LENGTH;
	const columns = record.times === '' ? [] : record.times.split(',');
	if (columns.length !== count) return NO_ENTRIES;
	const digests = new Array<string>(count);
	const times = new Array<number>(count);
	let seconds = 0;
	for (let i = 0; i < count; i++) {
		const column = columns[i];
		seconds += column === '' ? 0 : parseInt(column, 36);
		digests[i] = record.ids.slice(i * V2_DIGEST_LENGTH, i * V2_DIGEST_LENGTH + DIGEST_LENGTH);
		times[i] = seconds * 1000;
	}
	return Number.isFinite(seconds) ? { digests, times } : NO_ENTRIES;
}

function entriesOfV1(record: DeliveryLogRecordV1): Entries {
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

/** The live entries of a saved record (any version), oldest first: digests and times (ms). */
export function entriesOfRecord(value: unknown): Entries {
	const record = recordOf(value);
	if (!record) return NO_ENTRIES;
	if (record.v === 3) return entriesOfV3(record);
	if (record.v === 2) return entriesOfV2(record);
	return entriesOfV1(record);
}

/**
 * Whether a record saved in static data (0.1.x) holds no entry within the retention any more
 * (it protects nothing); false for what is not such a record.
 */
export function isSpentRecord(value: unknown, retentionMs: number, now = Date.now()): boolean {
	if (!recordOf(value)) return false;
	return newestTimeOf(entriesOfRecord(value)) <= now - retentionMs;
}

function newestTimeOf(entries: Entries): number {
	let newest = Number.NEGATIVE_INFINITY;
	for (const time of entries.times) if (time > newest) newest = time;
	return newest;
}

/** Tells records apart cheaply, to skip merging the same foreign record twice. */
function fingerprintOf(record: AnyRecord): string {
	if (record.v === 1) {
		return `1|${record.epoch}|${record.head}|${record.keys.length}|${record.keys[record.head] ?? ''}|${record.keys[record.keys.length - 1] ?? ''}`;
	}
	const columns = record.v === 3 ? record.runs : record.times;
	return `${record.v}|${record.epoch}|${record.ids.length}|${record.ids.slice(0, 12)}|${record.ids.slice(-12)}|${columns.slice(0, 12)}|${columns.slice(-12)}`;
}

/** A stable key of a delivery id; long ids are hashed first. */
export function keyOfDeliveryId(id: string): string {
	return id.length <= MAX_KEY_LENGTH
		? `id:${id}`
		: `idh:${createHash('sha256').update(id, 'utf8').digest('base64')}`;
}

/** The key of a delivery without a webhook-id (legacy hooks): a hash of its exact body. */
export function keyOfRawBody(rawBody: Buffer): string {
	return `body:${createHash('sha256').update(rawBody).digest('base64')}`;
}

/** Whole seconds, rounded up: a restored entry is never forgotten earlier than recorded. */
const secondsUp = (ms: number) => Math.ceil(ms / 1000);

export class DeliveryLog {
	readonly epoch = randomUUID();

	/** Digests of the recorded keys, oldest first; entries before `head` are dead. */
	private digests: string[] = [];

	private head = 0;

	private index = new Set<string>();

	/** The digests joined as last saved; with the changes since, the next record's ids. */
	private savedIds = '';

	/** Entries dropped since savedIds was built (from its start, then from the appended ones). */
	private droppedSinceSave = 0;

	/** Entries appended since savedIds was built (the newest of `digests`). */
	private appendedSinceSave = 0;

	/** Runs of entries, oldest first: the latest time of each (ms); runs before `runHead` are gone. */
	private runTimes: number[] = [];

	/** How many live entries each run holds, parallel to runTimes. */
	private runSizes: number[] = [];

	private runHead = 0;

	/** When the newest run began: an entry recorded within a window of it joins that run. */
	private runStart = 0;

	private retentionMs: number;

	private maxEntries: number;

	private readonly now: () => number;

	/** Fingerprint of the last foreign record merged, to skip merging it again. */
	private lastMerged = '';

	/** The newest entry's time (ms) of that record. */
	private lastMergedNewest = Number.NEGATIVE_INFINITY;

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
		if (options.retentionMs !== undefined && options.retentionMs > 0)
			this.retentionMs = options.retentionMs;
		if (options.maxEntries !== undefined && options.maxEntries >= 1)
			this.maxEntries = Math.floor(options.maxEntries);
	}

	/** Live entries. */
	get size(): number {
		return this.digests.length - this.head;
	}

	/** Length of the stored digests, dead head included (for tests of the bound). */
	get storedLength(): number {
		return this.digests.length;
	}

	/** Live runs (for tests of the bound). */
	get runCount(): number {
		return this.runTimes.length - this.runHead;
	}

	has(key: string): boolean {
		this.prune(this.now());
		return this.index.has(digestOfKey(key));
	}

	/** Digests of deliveries in flight: accepted, their answer not sent yet. */
	private readonly pending = new Set<string>();

	/**
	 * The fast path's check for a delivery about to be accepted: 'repeat' when it is recorded,
	 * 'in_flight' while another copy of it waits for its answer, else 'new', and the key is now
	 * in flight until release(). Synchronous, so concurrent copies in one process get one 'new'.
	 */
	claim(key: string): 'new' | 'repeat' | 'in_flight' {
		const digest = digestOfKey(key);
		this.prune(this.now());
		if (this.index.has(digest)) return 'repeat';
		if (this.pending.has(digest)) return 'in_flight';
		this.pending.add(digest);
		return 'new';
	}

	/** Ends a claim: the key is recorded only when its delivery was acknowledged (a 2xx went out). */
	release(key: string, acknowledged: boolean): void {
		const digest = digestOfKey(key);
		if (!this.pending.delete(digest) || !acknowledged) return;
		this.checkAndRecord(key);
	}

	/** Deliveries in flight (for tests). */
	get inFlight(): number {
		return this.pending.size;
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
		this.index.add(digest);
		this.append(digest, now);
		this.prune(now);
		return true;
	}

	/**
	 * Whether a record from static data (0.1.x) holds no entry within the retention any more:
	 * it then protects nothing, and can go.
	 */
	isSpent(value: unknown): boolean {
		const record = recordOf(value);
		if (!record) return false;
		if (fingerprintOf(record) !== this.lastMerged)
			return isSpentRecord(record, this.retentionMs, this.now());
		return this.lastMergedNewest <= this.now() - this.retentionMs;
	}

	/**
	 * Merges a record from static data (v3, or v2/v1 of earlier versions). Skipped when this
	 * log wrote it (it already holds everything in it) or when it is the same foreign record as last time.
	 */
	load(value: unknown): void {
		if (!isObject(value) || value.epoch === this.epoch) return;
		const record = recordOf(value);
		if (!record) return;
		const fingerprint = fingerprintOf(record);
		if (fingerprint === this.lastMerged) return;
		this.lastMerged = fingerprint;

		const loaded = entriesOfRecord(record);
		this.lastMergedNewest = newestTimeOf(loaded);
		const merged: Array<[string, number]> = [];
		let entry = this.head;
		for (let run = this.runHead; run < this.runTimes.length; run++) {
			for (let i = 0; i < this.runSizes[run]; i++)
				merged.push([this.digests[entry++], this.runTimes[run]]);
		}
		for (let i = 0; i < loaded.digests.length; i++) {
			const digest = loaded.digests[i];
			if (this.index.has(digest)) continue;
			this.index.add(digest);
			merged.push([digest, loaded.times[i]]);
		}
		// In time order (a stable sort), so pruning from the head stays correct.
		merged.sort((a, b) => a[1] - b[1]);
		this.digests = [];
		this.head = 0;
		this.savedIds = '';
		this.droppedSinceSave = 0;
		this.appendedSinceSave = 0;
		this.runTimes = [];
		this.runSizes = [];
		this.runHead = 0;
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
			this.handle = { v: 3, epoch: this.epoch } as DeliveryLogSnapshot;
			Object.defineProperty(this.handle, 'toJSON', {
				value: () => this.record(),
				enumerable: false,
			});
		}
		return this.handle;
	}

	/** The record of the live entries (its runs rebuilt only after a change; a few hundred at most). */
	record(): DeliveryLogRecord {
		if (this.encoded?.version === this.version) return this.encoded.record;
		const runs: string[] = [];
		let previous = 0;
		for (let run = this.runHead; run < this.runTimes.length; run++) {
			const seconds = secondsUp(this.runTimes[run]);
			runs.push(
				`${(run === this.runHead ? seconds : seconds - previous).toString(36)}.${this.runSizes[run].toString(36)}`,
			);
			previous = seconds;
		}
		const record: DeliveryLogRecord = {
			v: 3,
			epoch: this.epoch,
			ids: this.idsToSave(),
			runs: runs.join(','),
		};
		this.encoded = { version: this.version, record };
		return record;
	}

	/**
	 * The live digests joined, from the last saved string and the changes since: a slice and the
	 * new digests (O(changes)), so that recording stays O(1) and the O(n) copy happens once, when
	 * n8n serialises the string it saves anyway.
	 */
	private idsToSave(): string {
		const savedCount = this.savedIds.length / DIGEST_LENGTH;
		this.savedIds =
			this.droppedSinceSave >= savedCount
				? this.digests.slice(this.head).join('')
				: this.savedIds.slice(this.droppedSinceSave * DIGEST_LENGTH) +
					this.digests.slice(this.digests.length - this.appendedSinceSave).join('');
		this.droppedSinceSave = 0;
		this.appendedSinceSave = 0;
		return this.savedIds;
	}

	/** Marks the saved record as stale and lets the old one go. */
	private changed(): void {
		this.version++;
		this.encoded = undefined;
	}

	/** A 512th of the retention (20 minutes for 7 days), at least a second. */
	private get runWindowMs(): number {
		return Math.max(1000, this.retentionMs / RUNS_PER_RETENTION);
	}

	private append(digest: string, time: number): void {
		this.digests.push(digest);
		this.appendedSinceSave++;
		const last = this.runTimes.length - 1;
		if (last >= this.runHead && time - this.runStart < this.runWindowMs) {
			this.runTimes[last] = Math.max(this.runTimes[last], time);
			this.runSizes[last]++;
		} else {
			this.runTimes.push(time);
			this.runSizes.push(1);
			this.runStart = time;
		}
		this.changed();
	}

	/** Forgets the oldest entry. */
	private dropOldest(): void {
		this.index.delete(this.digests[this.head]);
		// Frees the dead digest now rather than at the next compaction.
		this.digests[this.head] = '';
		this.head++;
		this.droppedSinceSave++;
		if (--this.runSizes[this.runHead] === 0) this.runHead++;
	}

	private prune(now: number): void {
		const cutoff = now - this.retentionMs;
		const before = this.head;
		while (this.runHead < this.runTimes.length && this.runTimes[this.runHead] < cutoff) {
			for (let i = this.runSizes[this.runHead]; i > 0; i--) this.dropOldest();
		}
		while (this.size > this.maxEntries) this.dropOldest();
		if (this.head === before) return;
		this.changed();
		if (this.head >= MIN_COMPACTION && this.head * 3 >= this.digests.length) {
			this.digests = this.digests.slice(this.head);
			this.head = 0;
			// A fresh index too: V8's hash tables keep the room of deleted entries and double when
			// live and deleted ones fill them, so at the cap the old one would grow to twice its size.
			this.index = new Set(this.digests);
		}
		if (this.runHead >= 64 && this.runHead * 2 >= this.runTimes.length) {
			this.runTimes = this.runTimes.slice(this.runHead);
			this.runSizes = this.runSizes.slice(this.runHead);
			this.runHead = 0;
		}
	}
}

const logs = new Map<string, DeliveryLog>();
let mostRecent: { scope: string; log: DeliveryLog } | undefined;

/**
 * Trigger nodes whose logs stay in memory. The least recently used is dropped past it
 * (a deleted workflow's log, say); n8n's processed-data store still holds its record.
 */
const MAX_LOGS = 1000;

/** The in-process log of one workflow's trigger node (created on first use). */
export function deliveryLogFor(scope: string, options: DeliveryLogOptions = {}): DeliveryLog {
	// The usual case, a run of deliveries to one trigger: already the most recent, nothing to move.
	if (mostRecent?.scope === scope) {
		mostRecent.log.configure(options);
		return mostRecent.log;
	}
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
	mostRecent = { scope, log };
	return log;
}

/** Forgets every in-process log, as a restart of n8n does (for tests). */
export function resetDeliveryLogs(): void {
	logs.clear();
	mostRecent = undefined;
}
