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
//   stores a snapshot that references this process's live arrays (append-only between
//   compactions): whichever request's save is written last, it serialises everything this
//   process has recorded up to that moment. After a restart the first request rebuilds the
//   in-process log from the saved snapshot (once, O(n)).
//
// Cost per delivery: a Map lookup, an append, and pruning from the head of the arrays
// (each entry is pruned once: amortized O(1)). The arrays are compacted (copied) only when
// more than half of them is dead, which is amortized O(1) as well. Arrays and a Map are
// used rather than object keys, because JS objects reorder integer-like keys.
//
// What remains possible with several webhook processes (queue mode with webhook processors,
// or several mains): each process has its own in-process log. A process merges a snapshot
// written by another process when it loads one (O(n), only when the snapshot changed), but two
// processes receiving the same delivery at the same moment can both run it, and a save of one
// process can overwrite records the other saved a moment before (last writer wins in the
// database). Retries and replays of a delivery that reach a process that already saw it, or
// that arrive after the snapshot was saved and loaded, are still skipped.
import { createHash, randomUUID } from 'node:crypto';

export const DEFAULT_RETENTION_DAYS = 7;
export const DEFAULT_MAX_ENTRIES = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Keys longer than this are stored as their hash. */
const MAX_KEY_LENGTH = 128;
/** Dead entries at the head tolerated before compacting. */
const MIN_COMPACTION = 1024;

/** The shape kept in static data (JSON-safe). Entries before `head` are dead. */
export interface DeliveryLogSnapshot {
	v: 1;
	/** Which in-process log wrote it (a new one after every restart). */
	epoch: string;
	head: number;
	/** Delivery keys, oldest first. */
	keys: string[];
	/** When each key was recorded (ms), parallel to keys. */
	times: number[];
}

export interface DeliveryLogOptions {
	retentionMs?: number;
	maxEntries?: number;
	/** Clock in milliseconds; Date.now by default. */
	now?: () => number;
}

export function isDeliveryLogSnapshot(value: unknown): value is DeliveryLogSnapshot {
	if (!value || typeof value !== 'object') return false;
	const snapshot = value as Partial<DeliveryLogSnapshot>;
	return (
		snapshot.v === 1 &&
		typeof snapshot.epoch === 'string' &&
		typeof snapshot.head === 'number' &&
		Array.isArray(snapshot.keys) &&
		Array.isArray(snapshot.times) &&
		snapshot.keys.length === snapshot.times.length
	);
}

/** A stable key of a delivery id; long ids are hashed so the record stays small. */
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

export class DeliveryLog {
	readonly epoch = randomUUID();

	private keys: string[] = [];

	private times: number[] = [];

	private head = 0;

	private readonly index = new Map<string, number>();

	private retentionMs: number;

	private maxEntries: number;

	private readonly now: () => number;

	/** Fingerprint of the last foreign snapshot merged, to skip merging it again. */
	private lastMerged = '';

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
		return this.keys.length - this.head;
	}

	/** Length of the stored arrays, dead head included (for tests of the bound). */
	get storedLength(): number {
		return this.keys.length;
	}

	has(key: string): boolean {
		this.prune(this.now());
		return this.index.has(key);
	}

	/**
	 * Records the key unless it is already recorded. Synchronous, so concurrent requests in
	 * one process cannot both record the same key. Answers true for a first delivery.
	 */
	checkAndRecord(key: string): boolean {
		const now = this.now();
		this.prune(now);
		if (this.index.has(key)) return false;
		this.index.set(key, now);
		this.keys.push(key);
		this.times.push(now);
		this.prune(now);
		return true;
	}

	/**
	 * Merges a snapshot from static data. Skipped when this log wrote it (it already holds
	 * everything in it) or when it is the same foreign snapshot as last time.
	 */
	load(value: unknown): void {
		if (!isDeliveryLogSnapshot(value) || value.epoch === this.epoch) return;
		const { keys, times } = value;
		const start = Math.max(0, Math.min(Math.floor(value.head), keys.length));
		const fingerprint = `${value.epoch}|${start}|${keys.length}|${keys[start] ?? ''}|${keys[keys.length - 1] ?? ''}`;
		if (fingerprint === this.lastMerged) return;
		this.lastMerged = fingerprint;

		const merged: Array<[string, number]> = [];
		for (let i = this.head; i < this.keys.length; i++) merged.push([this.keys[i], this.times[i]]);
		for (let i = start; i < keys.length; i++) {
			const key = keys[i];
			const time = Number(times[i]);
			if (typeof key !== 'string' || !Number.isFinite(time) || this.index.has(key)) continue;
			this.index.set(key, time);
			merged.push([key, time]);
		}
		// Keep the arrays in time order so pruning from the head stays correct.
		merged.sort((a, b) => a[1] - b[1]);
		this.keys = merged.map(([key]) => key);
		this.times = merged.map(([, time]) => time);
		this.head = 0;
		this.prune(this.now());
	}

	/**
	 * The snapshot to store in static data. O(1): it references the live arrays, which are
	 * only appended to until a compaction replaces them, so a snapshot serialised later
	 * holds every entry recorded before that moment.
	 */
	snapshot(): DeliveryLogSnapshot {
		return { v: 1, epoch: this.epoch, head: this.head, keys: this.keys, times: this.times };
	}

	private prune(now: number): void {
		const cutoff = now - this.retentionMs;
		while (
			this.head < this.keys.length &&
			(this.times[this.head] < cutoff || this.keys.length - this.head > this.maxEntries)
		) {
			this.index.delete(this.keys[this.head]);
			this.head++;
		}
		if (this.head >= MIN_COMPACTION && this.head * 2 >= this.keys.length) {
			// New arrays: snapshots handed out earlier keep their consistent (older) view.
			this.keys = this.keys.slice(this.head);
			this.times = this.times.slice(this.head);
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
