import {
	DEFAULT_MAX_ENTRIES,
	DeliveryLog,
	deliveryLogFor,
	isDeliveryLogSnapshot,
	keyOfDeliveryId,
	keyOfRawBody,
	maxEntriesOf,
	resetDeliveryLogs,
	retentionMsOfDays,
} from '../../../nodes/FaxPlusTrigger/deduplication';

const DAY = 24 * 60 * 60 * 1000;

function clock(start = Date.UTC(2025, 0, 1)) {
	let now = start;
	return {
		now: () => now,
		advance: (ms: number) => {
			now += ms;
		},
	};
}

/** What n8n does with static data between requests and restarts. */
const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('DeliveryLog', () => {
	it('records a key once and recognises repeats', () => {
		const log = new DeliveryLog();
		expect(log.checkAndRecord('id:msg_1')).toBe(true);
		expect(log.checkAndRecord('id:msg_1')).toBe(false);
		expect(log.checkAndRecord('id:msg_2')).toBe(true);
		expect(log.has('id:msg_1')).toBe(true);
		expect(log.size).toBe(2);
	});

	it('keeps integer-like and special keys apart and in order (no object keys)', () => {
		const log = new DeliveryLog();
		for (const key of ['10', '2', '1', '__proto__', 'constructor', 'toString']) expect(log.checkAndRecord(key)).toBe(true);
		expect(log.snapshot().keys).toEqual(['10', '2', '1', '__proto__', 'constructor', 'toString']);
		const restored = new DeliveryLog();
		restored.load(viaJson(log.snapshot()));
		for (const key of ['10', '2', '1', '__proto__', 'constructor', 'toString']) expect(restored.has(key)).toBe(true);
		expect(restored.has('hasOwnProperty')).toBe(false);
	});

	it('forgets keys older than the retention (default 7 days)', () => {
		const time = clock();
		const log = new DeliveryLog({ now: time.now });
		log.checkAndRecord('old');
		time.advance(7 * DAY - 1);
		expect(log.has('old')).toBe(true);
		time.advance(2);
		expect(log.has('old')).toBe(false);
		expect(log.checkAndRecord('old')).toBe(true);
	});

	it('keeps at most the configured count, forgetting the oldest first', () => {
		const log = new DeliveryLog({ maxEntries: 3 });
		for (const key of ['a', 'b', 'c', 'd']) log.checkAndRecord(key);
		expect(log.size).toBe(3);
		expect(log.has('a')).toBe(false);
		expect(['b', 'c', 'd'].every((key) => log.has(key))).toBe(true);
	});

	it('stays bounded after 20,000 deliveries with the default cap', () => {
		const log = new DeliveryLog();
		for (let i = 0; i < 20_000; i++) expect(log.checkAndRecord(`id:msg_${i}`)).toBe(true);
		expect(log.size).toBe(DEFAULT_MAX_ENTRIES);
		// Dead entries at the head are compacted away once they are half of the arrays.
		expect(log.storedLength).toBeLessThanOrEqual(2 * DEFAULT_MAX_ENTRIES);
		const snapshot = log.snapshot();
		expect(snapshot.keys.length - snapshot.head).toBe(DEFAULT_MAX_ENTRIES);
		expect(log.has('id:msg_9999')).toBe(false);
		expect(log.has('id:msg_10000')).toBe(true);
		expect(log.checkAndRecord('id:msg_19999')).toBe(false);
		expect(JSON.stringify(snapshot).length).toBeLessThan(2 * DEFAULT_MAX_ENTRIES * 40);
	});

	it('compacts rarely: the arrays are replaced at most once per half of the cap', () => {
		const log = new DeliveryLog({ maxEntries: 4000 });
		let arrays = log.snapshot().keys;
		let replacements = 0;
		for (let i = 0; i < 20_000; i++) {
			log.checkAndRecord(`k${i}`);
			const current = log.snapshot().keys;
			if (current !== arrays) {
				replacements++;
				arrays = current;
			}
		}
		// 16,000 evictions, a compaction at most every 2,000 of them.
		expect(replacements).toBeLessThanOrEqual(8);
		expect(replacements).toBeGreaterThan(0);
	});

	it('applies a lowered cap or retention on the next delivery', () => {
		const log = new DeliveryLog();
		for (let i = 0; i < 100; i++) log.checkAndRecord(`k${i}`);
		log.configure({ maxEntries: 10 });
		log.checkAndRecord('new');
		expect(log.size).toBe(10);
		expect(log.has('k90')).toBe(false);
		expect(log.has('k91')).toBe(true);
		expect(log.has('new')).toBe(true);
	});

	describe('snapshots in static data', () => {
		it('restores every live key from a snapshot saved as JSON (a restart)', () => {
			const time = clock();
			const before = new DeliveryLog({ now: time.now });
			for (let i = 0; i < 50; i++) before.checkAndRecord(`id:msg_${i}`);
			const saved = viaJson(before.snapshot());
			expect(isDeliveryLogSnapshot(saved)).toBe(true);

			const after = new DeliveryLog({ now: time.now });
			after.load(saved);
			expect(after.size).toBe(50);
			expect(after.checkAndRecord('id:msg_0')).toBe(false);
			expect(after.checkAndRecord('id:msg_50')).toBe(true);
		});

		it('keeps the retention of restored keys from the time they were recorded', () => {
			const time = clock();
			const before = new DeliveryLog({ now: time.now });
			before.checkAndRecord('old');
			time.advance(6 * DAY);
			before.checkAndRecord('recent');
			const saved = viaJson(before.snapshot());
			time.advance(2 * DAY);
			const after = new DeliveryLog({ now: time.now });
			after.load(saved);
			expect(after.has('old')).toBe(false);
			expect(after.has('recent')).toBe(true);
		});

		it('references the live arrays, so an earlier snapshot serialised later holds later keys', () => {
			const log = new DeliveryLog();
			log.checkAndRecord('a');
			const earlier = log.snapshot();
			log.checkAndRecord('b');
			expect(viaJson(earlier).keys).toEqual(['a', 'b']);
		});

		it('skips merging its own snapshot, and merges a foreign one (another process) once', () => {
			const mine = new DeliveryLog();
			mine.checkAndRecord('a');
			const other = new DeliveryLog();
			other.checkAndRecord('b');
			other.checkAndRecord('a');

			mine.load(viaJson(mine.snapshot()));
			expect(mine.size).toBe(1);
			mine.load(viaJson(other.snapshot()));
			expect(mine.size).toBe(2);
			expect(mine.has('b')).toBe(true);
			expect(mine.checkAndRecord('b')).toBe(false);
			mine.load(viaJson(other.snapshot()));
			expect(mine.size).toBe(2);
		});

		it('ignores what is not a snapshot', () => {
			const log = new DeliveryLog();
			for (const value of [undefined, null, 'x', 42, {}, { v: 2 }, { v: 1, epoch: 'e', head: 0, keys: ['a'], times: [] }]) {
				expect(() => log.load(value)).not.toThrow();
			}
			expect(log.size).toBe(0);
		});
	});
});

describe('in-process logs', () => {
	afterEach(() => resetDeliveryLogs());

	it('gives one log per scope, and a new one after a reset (a restart)', () => {
		const first = deliveryLogFor('wf:node');
		expect(deliveryLogFor('wf:node')).toBe(first);
		expect(deliveryLogFor('wf:other')).not.toBe(first);
		resetDeliveryLogs();
		expect(deliveryLogFor('wf:node')).not.toBe(first);
	});

	it('keeps at most 1,000 logs, dropping the least recently used', () => {
		const used = deliveryLogFor('wf:used');
		const idle = deliveryLogFor('wf:idle');
		for (let i = 0; i < 998; i++) deliveryLogFor(`wf:${i}`);
		expect(deliveryLogFor('wf:used')).toBe(used); // touched: now the most recent
		deliveryLogFor('wf:one-more'); // the 1,001st scope drops the least recently used
		expect(deliveryLogFor('wf:used')).toBe(used);
		expect(deliveryLogFor('wf:idle')).not.toBe(idle);
	});
});

describe('keys', () => {
	it('keys a delivery by its webhook-id, hashing very long ids', () => {
		expect(keyOfDeliveryId('msg_1')).toBe('id:msg_1');
		const long = keyOfDeliveryId('x'.repeat(1000));
		expect(long.startsWith('idh:')).toBe(true);
		expect(long.length).toBeLessThan(60);
		expect(keyOfDeliveryId('x'.repeat(1000))).toBe(long);
	});

	it('keys an unsigned delivery by a hash of its exact bytes', () => {
		expect(keyOfRawBody(Buffer.from('{"a":1}'))).toBe(keyOfRawBody(Buffer.from('{"a":1}')));
		expect(keyOfRawBody(Buffer.from('{"a":1}'))).not.toBe(keyOfRawBody(Buffer.from('{"a": 1}')));
	});

	it('reads the options with defaults', () => {
		expect(retentionMsOfDays(undefined)).toBe(7 * DAY);
		expect(retentionMsOfDays(0)).toBe(7 * DAY);
		expect(retentionMsOfDays(2)).toBe(2 * DAY);
		expect(maxEntriesOf(undefined)).toBe(10_000);
		expect(maxEntriesOf(0)).toBe(10_000);
		expect(maxEntriesOf(25.7)).toBe(25);
	});
});
