// The trigger's in-process fast path against repeated deliveries: a bounded, insertion-ordered
// record of delivery keys (the webhook-id, or a hash of the body for unsigned legacy deliveries).
// A plain module: no n8n imports, only node:crypto, and an injectable clock.
//
// One DeliveryLog per workflow + trigger node. A key is claimed while its delivery is in flight
// (a concurrent copy is told to come back later, so it can neither run twice nor be lost) and
// recorded only once n8n's 2xx answer has gone out, that is once n8n holds the run. Synchronous,
// so concurrent requests in one process cannot interleave. The durable record lives in n8n's
// processed-data store, written by the trigger's execute() phase inside the run (run.ts), on
// whichever process runs it; this log only spares that store the repeats one process sees.
//
// Each key is held as a 48-bit digest of its SHA-256 (8 base64 characters), so 10,000 entries
// take little memory. A new delivery is taken for a repeat only if its digest equals one of the
// at most `maxEntries` recorded: with 10,000 recorded, 10,000 / 2^48 ≈ 3.6 × 10^-11 per delivery.
// Arrays and a Set rather than object keys, because JS objects reorder integer-like keys.
import { createHash, hash } from 'node:crypto';

import { DAY_MS, DEFAULT_MAX_ENTRIES, DEFAULT_RETENTION_DAYS } from '../triggers/limits';

/** Keys longer than this are stored as their hash. */
const MAX_KEY_LENGTH = 128;
/** Dead entries at the head tolerated before compacting. */
const MIN_COMPACTION = 1024;
/** Characters of a key's digest: 48 bits of SHA-256 in base64. */
const DIGEST_LENGTH = 8;

export interface DeliveryLogOptions {
	retentionMs?: number;
	maxEntries?: number;
	/** Clock in milliseconds; Date.now by default. */
	now?: () => number;
}

/** The digest a key is recorded as. */
export function digestOfKey(key: string): string {
	return hash('sha256', key, 'base64').slice(0, DIGEST_LENGTH);
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

export class DeliveryLog {
	/** Digests of the recorded keys, oldest first; entries before `head` are dead. */
	private digests: string[] = [];

	/** When each was recorded (ms), parallel to digests. */
	private times: number[] = [];

	private head = 0;

	private index = new Set<string>();

	/** Deliveries in flight (accepted, their answer not sent yet): key → its digest. */
	private readonly pending = new Map<string, string>();

	private retentionMs: number;

	private maxEntries: number;

	private readonly now: () => number;

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

	/** Deliveries in flight (for tests). */
	get inFlight(): number {
		return this.pending.size;
	}

	has(key: string): boolean {
		this.prune(this.now());
		return this.index.has(digestOfKey(key));
	}

	/**
	 * The check for a delivery about to be accepted: 'repeat' when it is recorded, 'in_flight'
	 * while another copy of it waits for its answer, else 'new', and the key is then in flight
	 * until release(). Synchronous, so concurrent copies in one process get one 'new'.
	 */
	claim(key: string): 'new' | 'repeat' | 'in_flight' {
		const digest = digestOfKey(key);
		this.prune(this.now());
		if (this.index.has(digest)) return 'repeat';
		if (this.pending.has(key)) return 'in_flight';
		this.pending.set(key, digest);
		return 'new';
	}

	/** Ends a claim: the key is recorded only when its delivery was acknowledged (a 2xx went out). */
	release(key: string, acknowledged: boolean): void {
		const digest = this.pending.get(key);
		if (digest === undefined) return;
		this.pending.delete(key);
		if (acknowledged) this.record(digest);
	}

	/** Records the key unless it is already recorded. Answers true for a first delivery. */
	checkAndRecord(key: string): boolean {
		return this.record(digestOfKey(key));
	}

	private record(digest: string): boolean {
		const now = this.now();
		this.prune(now);
		if (this.index.has(digest)) return false;
		this.index.add(digest);
		this.digests.push(digest);
		this.times.push(now);
		this.prune(now);
		return true;
	}

	private dropOldest(): void {
		this.index.delete(this.digests[this.head]);
		// Frees the dead digest now rather than at the next compaction.
		this.digests[this.head] = '';
		this.head++;
	}

	private prune(now: number): void {
		const cutoff = now - this.retentionMs;
		while (this.head < this.digests.length && this.times[this.head] < cutoff) this.dropOldest();
		while (this.size > this.maxEntries) this.dropOldest();
		if (this.head >= MIN_COMPACTION && this.head * 3 >= this.digests.length) {
			this.digests = this.digests.slice(this.head);
			this.times = this.times.slice(this.head);
			this.head = 0;
			// A fresh index too: V8's hash tables keep the room of deleted entries and double when
			// live and deleted ones fill them, so at the cap the old one would grow to twice its size.
			this.index = new Set(this.digests);
		}
	}
}

const logs = new Map<string, DeliveryLog>();

/**
 * Trigger nodes whose logs stay in memory. The least recently used is dropped past it
 * (a deleted workflow's log, say); n8n's processed-data store still holds its record.
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
