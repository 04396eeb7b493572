/* eslint-disable @typescript-eslint/no-explicit-any -- test code, not node code: the rules for what a node may import and use do not apply to it */
import { createHash } from 'node:crypto';
import {
	DEFAULT_MAX_ENTRIES,
	DIGEST_LENGTH,
	DeliveryLog,
	deliveryLogFor,
	digestOfKey,
	entriesOfRecord,
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
const viaJson = (value: unknown): any => JSON.parse(JSON.stringify(value));

/** The digests a saved record holds, oldest first. */
const savedDigests = (value: unknown) => entriesOfRecord(viaJson(value)).digests;
const digests = (...keys: string[]) => keys.map(digestOfKey);

describe('DeliveryLog → claims of deliveries in flight', () => {
	it('claims a new key once; a copy in flight is told so; recorded only when acknowledged', () => {
		const log = new DeliveryLog();
		expect(log.claim('id:msg_1')).toBe('new');
		expect(log.claim('id:msg_1')).toBe('in_flight');
		expect(log.inFlight).toBe(1);
		log.release('id:msg_1', true);
		expect(log.inFlight).toBe(0);
		expect(log.claim('id:msg_1')).toBe('repeat');
		expect(log.has('id:msg_1')).toBe(true);
	});

	it('forgets a claim whose answer was not a 2xx (n8n could not start the run): the re-send is new', () => {
		const log = new DeliveryLog();
		expect(log.claim('id:msg_2')).toBe('new');
		log.release('id:msg_2', false);
		expect(log.has('id:msg_2')).toBe(false);
		expect(log.claim('id:msg_2')).toBe('new');
	});

	it('ignores a release without a claim', () => {
		const log = new DeliveryLog();
		log.release('id:msg_3', true);
		expect(log.has('id:msg_3')).toBe(false);
		expect(log.size).toBe(0);
	});

	it('honours a record loaded from static data (0.1.x) as a repeat', () => {
		const before = new DeliveryLog();
		before.checkAndRecord('id:msg_old');
		const log = new DeliveryLog();
		log.load(viaJson(before.snapshot()));
		expect(log.claim('id:msg_old')).toBe('repeat');
	});

	it('tells when a record from static data (0.1.x) is spent: every entry past the retention', () => {
		const time = clock();
		const before = new DeliveryLog({ now: time.now });
		before.checkAndRecord('id:msg_first');
		time.advance(2 * DAY);
		before.checkAndRecord('id:msg_last');
		const saved = viaJson(before.snapshot());

		const log = new DeliveryLog({ now: time.now, retentionMs: 7 * DAY });
		log.load(saved);
		// The first entry expires 5 days from now, the last one 7 days from now.
		time.advance(6 * DAY);
		expect(log.isSpent(saved)).toBe(false);
		expect(log.claim('id:msg_last')).toBe('repeat');
		time.advance(DAY + 21 * 60 * 1000);
		expect(log.isSpent(saved)).toBe(true);
		expect(log.claim('id:msg_last')).toBe('new');
		// Also for a record this log never loaded, and never for what is not a record.
		expect(new DeliveryLog({ now: time.now }).isSpent(saved)).toBe(true);
		expect(new DeliveryLog({ now: time.now }).isSpent({ v: 3, ids: 'x' })).toBe(false);
		expect(new DeliveryLog({ now: time.now }).isSpent(undefined)).toBe(false);
	});
});

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
		for (const key of ['10', '2', '1', '__proto__', 'constructor', 'toString'])
			expect(log.checkAndRecord(key)).toBe(true);
		expect(savedDigests(log.snapshot())).toEqual(
			digests('10', '2', '1', '__proto__', 'constructor', 'toString'),
		);
		const restored = new DeliveryLog();
		restored.load(viaJson(log.snapshot()));
		for (const key of ['10', '2', '1', '__proto__', 'constructor', 'toString'])
			expect(restored.has(key)).toBe(true);
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
		// Dead entries at the head are compacted away once they are a third of the arrays.
		expect(log.storedLength).toBeLessThanOrEqual(2 * DEFAULT_MAX_ENTRIES);
		const snapshot = log.snapshot();
		expect(savedDigests(snapshot)).toHaveLength(DEFAULT_MAX_ENTRIES);
		expect(log.has('id:msg_9999')).toBe(false);
		expect(log.has('id:msg_10000')).toBe(true);
		expect(log.checkAndRecord('id:msg_19999')).toBe(false);
		// 8 characters of digest per entry, and a few runs.
		expect(JSON.stringify(snapshot).length).toBeLessThan(DEFAULT_MAX_ENTRIES * DIGEST_LENGTH + 200);
	});

	it('compacts rarely: the arrays are replaced at most once per half of the cap', () => {
		const log = new DeliveryLog({ maxEntries: 4000 });
		let stored = log.storedLength;
		let replacements = 0;
		for (let i = 0; i < 20_000; i++) {
			log.checkAndRecord(`k${i}`);
			if (log.storedLength < stored) replacements++;
			stored = log.storedLength;
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

		it('is written when serialised, so an earlier snapshot serialised later holds later keys', () => {
			const log = new DeliveryLog();
			log.checkAndRecord('a');
			const earlier = log.snapshot();
			log.checkAndRecord('b');
			expect(savedDigests(earlier)).toEqual(digests('a', 'b'));
			// n8n's observable static data walks enumerable properties only: no log behind them.
			expect(Object.keys(earlier)).toEqual(['v', 'epoch']);
		});

		it('saves fixed-size digests in one string and the times as runs of entries recorded close together', () => {
			const start = Date.UTC(2026, 10, 22, 8, 0, 0, 250);
			const time = clock(start);
			const log = new DeliveryLog({ now: time.now });
			log.checkAndRecord('id:msg_1');
			log.checkAndRecord('id:msg_2');
			time.advance(1000);
			log.checkAndRecord('id:msg_3');
			// A run spans a 512th of the retention: 19 min 41 s for 7 days.
			time.advance(20 * 60_000);
			log.checkAndRecord('id:msg_4');
			const saved = viaJson(log.snapshot());
			expect(Object.keys(saved).sort()).toEqual(['epoch', 'ids', 'runs', 'v']);
			expect(saved.v).toBe(3);
			expect(saved.ids).toBe(digests('id:msg_1', 'id:msg_2', 'id:msg_3', 'id:msg_4').join(''));
			expect(saved.ids).toHaveLength(4 * DIGEST_LENGTH);
			// The first run's latest time rounded up to whole seconds, then the second's 1,200 s later.
			const firstRun = Math.ceil((start + 1000) / 1000);
			expect(saved.runs).toBe(`${firstRun.toString(36)}.3,${(1200).toString(36)}.1`);
			expect(entriesOfRecord(saved).times).toEqual(
				[0, 0, 0, 1200_000].map((t) => firstRun * 1000 + t),
			);
		});

		it('saves exactly the live entries however saves and evictions interleave', () => {
			const log = new DeliveryLog({ maxEntries: 5 });
			const recorded: string[] = [];
			// Saves after every delivery, after a few, and after more than the cap.
			for (const [batch, deliveries] of [1, 1, 3, 2, 7, 1, 12, 4].entries()) {
				for (let i = 0; i < deliveries; i++) {
					const key = `id:msg_${batch}_${i}`;
					log.checkAndRecord(key);
					recorded.push(key);
				}
				expect(savedDigests(log.snapshot())).toEqual(digests(...recorded.slice(-5)));
			}
		});

		it('restores an entry never earlier than it was recorded and at most a run window later', () => {
			const time = clock();
			const before = new DeliveryLog({ now: time.now });
			before.checkAndRecord('first');
			time.advance(19 * 60_000);
			before.checkAndRecord('same run');
			const saved = viaJson(before.snapshot());
			const after = new DeliveryLog({ now: time.now });
			after.load(saved);
			// 'first' shares the run's time: kept 19 minutes past its 7 days, never less.
			time.advance(7 * DAY - 1);
			expect(after.has('first')).toBe(true);
			time.advance(2);
			expect(after.has('first')).toBe(false);
			expect(after.has('same run')).toBe(false);
		});

		it('keeps the runs bounded by the retention, however the deliveries are spread', () => {
			const time = clock();
			const log = new DeliveryLog({ now: time.now });
			for (let i = 0; i < 30_000; i++) {
				log.checkAndRecord(`id:msg_${i}`);
				time.advance(2 * 60_000);
			}
			// 7 days of entries every 2 minutes (5,040), plus at most one run window's (10) kept late;
			// one run per 19 min 41 s window.
			expect(log.size).toBeGreaterThanOrEqual(5040);
			expect(log.size).toBeLessThanOrEqual(5050);
			expect(log.runCount).toBeLessThanOrEqual(514);
			expect(entriesOfRecord(viaJson(log.snapshot())).digests).toHaveLength(log.size);
		});

		it('saves at most a third of the previous format at the default cap', () => {
			const time = clock();
			const log = new DeliveryLog({ now: time.now });
			const v1: { v: 1; epoch: string; head: number; keys: string[]; times: number[] } = {
				v: 1,
				epoch: 'before',
				head: 0,
				keys: [],
				times: [],
			};
			for (let i = 0; i < DEFAULT_MAX_ENTRIES; i++) {
				const key = `id:msg_${i.toString(16).padStart(24, '0')}`;
				log.checkAndRecord(key);
				v1.keys.push(key);
				v1.times.push(time.now());
				time.advance(1000);
			}
			expect(JSON.stringify(log.snapshot()).length * 3).toBeLessThanOrEqual(
				JSON.stringify(v1).length,
			);
		});

		it('reads a record of the previous version (v1) after an upgrade: its deliveries stay repeats', () => {
			const time = clock();
			// As the previous version saved it: a dead head, `id:` keys, hashed long ids, body hashes, times in ms.
			const v1 = {
				v: 1,
				epoch: 'previous-version',
				head: 1,
				keys: [
					'id:msg_gone',
					'id:msg_1',
					keyOfDeliveryId('x'.repeat(300)),
					keyOfRawBody(Buffer.from('{"a":1}')),
				],
				times: [time.now() - 3 * DAY, time.now() - 2 * DAY, time.now() - DAY, time.now()],
			};
			const upgraded = new DeliveryLog({ now: time.now });
			upgraded.load(viaJson(v1));
			expect(upgraded.size).toBe(3);
			expect(upgraded.checkAndRecord(keyOfDeliveryId('msg_1'))).toBe(false);
			expect(upgraded.checkAndRecord(keyOfDeliveryId('x'.repeat(300)))).toBe(false);
			expect(upgraded.checkAndRecord(keyOfRawBody(Buffer.from('{"a":1}')))).toBe(false);
			expect(upgraded.checkAndRecord(keyOfDeliveryId('msg_gone'))).toBe(true);
			// The retention still counts from when the old version recorded them.
			time.advance(5 * DAY + 1);
			expect(upgraded.has(keyOfDeliveryId('msg_1'))).toBe(false);
			expect(upgraded.has(keyOfRawBody(Buffer.from('{"a":1}')))).toBe(true);
			// And the next save is the new format.
			expect(viaJson(upgraded.snapshot()).v).toBe(3);
		});

		it('reads a record of the version before (v2) after an upgrade: its deliveries stay repeats', () => {
			const time = clock();
			// As v2 saved it: 72-bit digests (12 characters) and a column of second differences.
			const v2Digest = (key: string) =>
				createHash('sha256').update(key).digest('base64').slice(0, 12);
			const firstSecond = Math.floor((time.now() - 8 * DAY) / 1000);
			const v2 = {
				v: 2,
				epoch: 'previous-version',
				ids: ['id:msg_gone', 'id:msg_1', 'id:msg_2'].map(v2Digest).join(''),
				times: `${firstSecond.toString(36)},${(6 * 86_400).toString(36)},`,
			};
			const upgraded = new DeliveryLog({ now: time.now });
			upgraded.load(viaJson(v2));
			expect(upgraded.size).toBe(2);
			expect(upgraded.checkAndRecord('id:msg_1')).toBe(false);
			expect(upgraded.checkAndRecord('id:msg_2')).toBe(false);
			expect(upgraded.checkAndRecord('id:msg_gone')).toBe(true);
			// Recorded 2 days ago by v2: forgotten 5 days from now.
			time.advance(5 * DAY + 1000);
			expect(upgraded.has('id:msg_1')).toBe(false);
			expect(viaJson(upgraded.snapshot()).v).toBe(3);
		});

		it('saves about 60% of the version before (v2) at the default cap', () => {
			const time = clock();
			const log = new DeliveryLog({ now: time.now });
			for (let i = 0; i < DEFAULT_MAX_ENTRIES; i++) {
				log.checkAndRecord(`id:msg_${i.toString(16).padStart(24, '0')}`);
				time.advance(1000);
			}
			// v2: 12 characters of digest and one or two of time column per entry (136 KB).
			const bytes = JSON.stringify(log.snapshot()).length;
			expect(bytes).toBeLessThan(DEFAULT_MAX_ENTRIES * DIGEST_LENGTH + 1024);
			expect(bytes).toBeLessThan(0.6 * DEFAULT_MAX_ENTRIES * 13.6);
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
			const broken = [
				{ v: 2 },
				{ v: 2, epoch: 'e', ids: 'abc', times: '1' },
				{ v: 2, epoch: 'e', ids: 'a'.repeat(12), times: '1,2' },
				{ v: 3, epoch: 'e', ids: 'abc', runs: '1.1' },
				{ v: 3, epoch: 'e', ids: 'a'.repeat(DIGEST_LENGTH), runs: '1.2' },
				{ v: 3, epoch: 'e', ids: 'a'.repeat(2 * DIGEST_LENGTH), runs: '1.1' },
				{ v: 3, epoch: 'e', ids: 'a'.repeat(DIGEST_LENGTH), runs: '1.0' },
				{ v: 3, epoch: 'e', ids: 'a'.repeat(DIGEST_LENGTH), runs: 'x' },
				{ v: 1, epoch: 'e', head: 0, keys: ['a'], times: [] },
			];
			for (const value of [undefined, null, 'x', 42, {}, ...broken]) {
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
