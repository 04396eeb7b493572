import {
	CategoryCursor,
	DEFAULT_OVERLAP_MINUTES,
	isCategoryCursorSnapshot,
	overlapMsOfMinutes,
} from '../../../nodes/FaxPlusPollTrigger/cursor';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2030, 0, 15, 9, 0, 0);

describe('Fax.Plus Polling Trigger → cursor (pure)', () => {
	it('starts now: its first window is the overlap before now, which the caller records as history', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		expect(cursor.windowStart(HOUR)).toBe(T0 - HOUR);
		expect(cursor.isNew('fax_a', T0 - 10 * MINUTE, HOUR)).toBe(true);
		cursor.markHandled('fax_a', T0 - 10 * MINUTE);
		expect(cursor.isNew('fax_a', T0 - 10 * MINUTE, HOUR)).toBe(false);
	});

	it('after a poll, the next window starts the overlap before that poll, and a fax is new only once', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		cursor.advance(T0 + MINUTE, HOUR);
		expect(cursor.windowStart(HOUR)).toBe(T0 + MINUTE - HOUR);
		// A late record: started 30 minutes before the poll, listed only now.
		expect(cursor.isNew('fax_late', T0 - 30 * MINUTE, HOUR)).toBe(true);
		cursor.markHandled('fax_late', T0 - 30 * MINUTE);
		cursor.advance(T0 + 2 * MINUTE, HOUR);
		expect(cursor.isNew('fax_late', T0 - 30 * MINUTE, HOUR)).toBe(false);
		// Older than the window: not new (the overlap is the promise).
		expect(cursor.isNew('fax_old', T0 + 2 * MINUTE - HOUR - 1, HOUR)).toBe(false);
	});

	it('never moves backwards when the clock does', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		cursor.advance(T0 + 10 * MINUTE, HOUR);
		cursor.advance(T0 + 5 * MINUTE, HOUR);
		expect(cursor.windowStart(HOUR)).toBe(T0 + 10 * MINUTE - HOUR);
	});

	it('forgets only what the next window cannot list (bounded by time)', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		cursor.markHandled('fax_old', T0 - 50 * MINUTE);
		cursor.markHandled('fax_new', T0 - 5 * MINUTE);
		cursor.advance(T0 + 30 * MINUTE, HOUR);
		// The next window starts at T0-30m (kept from T0-35m, a margin): fax_old (T0-50m) is forgotten.
		expect(cursor.snapshot().ids).toEqual(['fax_new']);
		expect(cursor.isNew('fax_new', T0 - 5 * MINUTE, HOUR)).toBe(false);
	});

	it('keeps at most maxEntries and raises its floor so a forgotten fax is never listed as new', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		for (let i = 0; i < 5; i++) cursor.markHandled(`fax_${i}`, T0 - (10 - i) * MINUTE);
		cursor.advance(T0, HOUR, 3);
		expect(cursor.size).toBe(3);
		expect(cursor.snapshot().ids).toEqual(['fax_2', 'fax_3', 'fax_4']);
		// fax_1 was forgotten: it lies before the window now.
		expect(cursor.isNew('fax_1', T0 - 9 * MINUTE, HOUR)).toBe(false);
		expect(cursor.windowStart(HOUR)).toBe(T0 - 9 * MINUTE + 1);
	});

	it('a longer overlap chosen later never reaches before what the record still holds', () => {
		const cursor = CategoryCursor.start(T0, 10 * MINUTE);
		cursor.advance(T0 + HOUR, 10 * MINUTE);
		// The record is complete only from (T0 + 1h - 10m - margin) on.
		expect(cursor.windowStart(3 * HOUR)).toBe(T0 + HOUR - 15 * MINUTE);
	});

	it('round-trips through JSON (static data) and refuses what is not a snapshot', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		cursor.markHandled('fax_a', T0 - MINUTE);
		cursor.advance(T0 + MINUTE, HOUR);
		const restored = CategoryCursor.restore(JSON.parse(JSON.stringify(cursor.snapshot())));
		expect(restored?.snapshot()).toEqual(cursor.snapshot());
		expect(restored?.isNew('fax_a', T0 - MINUTE, HOUR)).toBe(false);
		expect(isCategoryCursorSnapshot({ v: 1, cursor: 1, floor: 0, ids: ['a'], times: [] })).toBe(
			false,
		);
		expect(CategoryCursor.restore(undefined)).toBeUndefined();
		expect(CategoryCursor.restore({ v: 2 })).toBeUndefined();
	});

	it('reads the overlap in minutes, 60 by default', () => {
		expect(DEFAULT_OVERLAP_MINUTES).toBe(60);
		expect(overlapMsOfMinutes(undefined)).toBe(HOUR);
		expect(overlapMsOfMinutes(15)).toBe(15 * MINUTE);
		expect(overlapMsOfMinutes(0)).toBe(0);
		expect(overlapMsOfMinutes(-1)).toBe(HOUR);
	});
});
