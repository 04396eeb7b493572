import {
	CategoryCursor,
	DEFAULT_OVERLAP_MINUTES,
	isCategoryCursorSnapshot,
	lookAgainMsOfMinutes,
	overlapMsOfMinutes,
} from '../../../nodes/FaxPlusPollTrigger/cursor';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2030, 0, 15, 9, 0, 0);

describe('Fax.Plus Polling Trigger → cursor (pure)', () => {
	it('starts now: its first window is the overlap before now, which the caller records as history', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		expect(cursor.windowStart(T0, HOUR)).toBe(T0 - HOUR);
		expect(cursor.isHandled('fax_a')).toBe(false);
		cursor.markHandled('fax_a', T0 - 10 * MINUTE);
		expect(cursor.isHandled('fax_a')).toBe(true);
	});

	it('after a poll, the next window starts the overlap before that poll', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		cursor.markHandled('fax_late', T0 - 30 * MINUTE);
		cursor.advance(T0 + MINUTE, HOUR);
		expect(cursor.windowStart(T0 + 2 * MINUTE, HOUR)).toBe(T0 + MINUTE - HOUR);
		cursor.advance(T0 + 2 * MINUTE, HOUR);
		expect(cursor.isHandled('fax_late')).toBe(true);
	});

	it('never builds a window from a cursor ahead of the current time', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		// A poll while the host clock ran a day ahead.
		cursor.advance(T0 + 24 * HOUR, HOUR);
		expect(cursor.windowStart(T0 + 5 * MINUTE, HOUR)).toBe(T0 + 5 * MINUTE - HOUR);
	});

	it("forgets by the faxes' own times, never later than now: a poll ahead of time forgets nothing", () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		cursor.markHandled('fax_a', T0 - 50 * MINUTE);
		cursor.markHandled('fax_b', T0 - 5 * MINUTE);
		cursor.advance(T0 + 24 * HOUR, HOUR);
		expect(cursor.snapshot().ids).toEqual(['fax_a', 'fax_b']);
		// Time passes in Fax.Plus too: a newer fax moves the retention on (kept from 65 minutes before it).
		cursor.markHandled('fax_c', T0 + 30 * MINUTE);
		cursor.advance(T0 + 31 * MINUTE, HOUR);
		expect(cursor.snapshot().ids).toEqual(['fax_b', 'fax_c']);
		expect(cursor.windowStart(T0 + 32 * MINUTE, HOUR)).toBe(T0 - 29 * MINUTE);
	});

	it('keeps at most maxEntries and raises its floor so a forgotten fax is never listed again', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		for (let i = 0; i < 5; i++) cursor.markHandled(`fax_${i}`, T0 - (10 - i) * MINUTE);
		cursor.advance(T0, HOUR, 3);
		expect(cursor.size).toBe(3);
		expect(cursor.snapshot().ids).toEqual(['fax_2', 'fax_3', 'fax_4']);
		// fax_1 (T0-9m) was forgotten: the window starts after it.
		expect(cursor.windowStart(T0, HOUR)).toBe(T0 - 9 * MINUTE + 1);
	});

	it('a longer overlap chosen later never reaches before what the record still holds', () => {
		const cursor = CategoryCursor.start(T0, 10 * MINUTE);
		cursor.markHandled('fax_a', T0 + HOUR - MINUTE);
		cursor.advance(T0 + HOUR, 10 * MINUTE);
		// The record is complete only from (fax_a - 10m - margin) on.
		expect(cursor.windowStart(T0 + HOUR, 3 * HOUR)).toBe(T0 + HOUR - 16 * MINUTE);
	});

	it('round-trips through JSON (static data) and refuses what is not a snapshot', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		cursor.markHandled('fax_a', T0 - MINUTE);
		cursor.advance(T0 + MINUTE, HOUR);
		const restored = CategoryCursor.restore(JSON.parse(JSON.stringify(cursor.snapshot())));
		expect(restored?.snapshot()).toEqual(cursor.snapshot());
		expect(restored?.isHandled('fax_a')).toBe(true);
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

	it('a fax to look at again stays in the record, the list reaches back to it, and it round-trips', () => {
		const cursor = CategoryCursor.start(T0, 10 * MINUTE);
		cursor.markHandled('fax_a', T0 - 5 * MINUTE);
		cursor.lookAgainFrom('fax_a', T0 + 30 * MINUTE);
		cursor.lookAgainFrom('fax_unknown', T0);
		cursor.markHandled('fax_b', T0 + 20 * MINUTE);
		cursor.advance(T0 + 25 * MINUTE, 10 * MINUTE);
		// Retention alone would forget fax_a (older than fax_b - 15m); the second look keeps it.
		expect(cursor.snapshot()).toMatchObject({
			ids: ['fax_a', 'fax_b'],
			againIds: ['fax_a'],
			againFrom: [T0 + 30 * MINUTE],
		});
		expect(cursor.windowStart(T0 + 26 * MINUTE, 10 * MINUTE)).toBe(T0 + 15 * MINUTE);
		expect(cursor.listStart(T0 + 26 * MINUTE, 10 * MINUTE)).toBe(T0 - 5 * MINUTE);
		const restored = CategoryCursor.restore(JSON.parse(JSON.stringify(cursor.snapshot())))!;
		expect(restored.snapshot()).toEqual(cursor.snapshot());
		expect(restored.takeDueAgain('fax_a', T0 + 29 * MINUTE)).toBe(false);
		expect(restored.takeDueAgain('fax_a', T0 + 30 * MINUTE)).toBe(true);
		expect(restored.takeDueAgain('fax_a', T0 + 31 * MINUTE)).toBe(false);
		restored.advance(T0 + 31 * MINUTE, 10 * MINUTE);
		expect(restored.snapshot()).toEqual({
			v: 1,
			cursor: T0 + 31 * MINUTE,
			floor: T0 + 5 * MINUTE,
			ids: ['fax_b'],
			times: [T0 + 20 * MINUTE],
		});
		expect(
			isCategoryCursorSnapshot({ v: 1, cursor: 1, floor: 0, ids: [], times: [], againIds: ['a'] }),
		).toBe(false);
	});

	it('reads Look Again After in minutes, off (0) by default and for anything not above 0', () => {
		expect(lookAgainMsOfMinutes(undefined)).toBe(0);
		expect(lookAgainMsOfMinutes('')).toBe(0);
		expect(lookAgainMsOfMinutes(-1)).toBe(0);
		expect(lookAgainMsOfMinutes(2)).toBe(2 * MINUTE);
		expect(lookAgainMsOfMinutes(0.5)).toBe(30_000);
	});
});
