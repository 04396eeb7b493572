import {
	DeliveryLog,
	deliveryLogFor,
	keyOfDeliveryId,
	keyOfRawBody,
	resetDeliveryLogs,
} from '../../../nodes/FaxPlusTrigger/deduplication';
import {
	DEFAULT_MAX_ENTRIES,
	maxEntriesOf,
	retentionMsOfDays,
} from '../../../nodes/triggers/limits';

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

	it('keeps integer-like and special keys apart and in insertion order (no object keys)', () => {
		const keys = ['10', '2', '1', '__proto__', 'constructor', 'toString'];
		const log = new DeliveryLog({ maxEntries: keys.length });
		for (const key of keys) expect(log.checkAndRecord(key)).toBe(true);
		expect(keys.every((key) => log.has(key))).toBe(true);
		expect(log.has('hasOwnProperty')).toBe(false);
		// The oldest goes first, whatever its shape.
		log.checkAndRecord('new');
		expect(log.has('10')).toBe(false);
		expect(keys.slice(1).every((key) => log.has(key))).toBe(true);
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
		expect(log.has('id:msg_9999')).toBe(false);
		expect(log.has('id:msg_10000')).toBe(true);
		expect(log.checkAndRecord('id:msg_19999')).toBe(false);
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
