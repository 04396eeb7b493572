import { CategoryCursor } from '../../../nodes/FaxPlusPollTrigger/cursor';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2030, 0, 15, 9, 0, 0);

/** Lists faxes (final, started at the given times) to a poll at T0 that records them as history. */
function record(
	cursor: CategoryCursor,
	faxes: Record<string, number>,
	overlapMs = HOUR,
	lookAgainMs = 0,
): void {
	const listed = Object.entries(faxes).map(([id, startTime]) => ({
		id,
		startTime,
		status: 'success',
		record: {},
	}));
	expect(cursor.select(listed, { now: T0, overlapMs, history: true, lookAgainMs })).toEqual([]);
}

const idsOf = (cursor: CategoryCursor) => cursor.snapshot().handled.map(([id]) => id);

describe('Fax.Plus Polling Trigger → cursor (pure)', () => {
	it('starts now: its first window is the overlap before now, whose faxes are recorded as history', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		expect(cursor.windowStart(T0, HOUR)).toBe(T0 - HOUR);
		expect(cursor.isHandled('fax_a')).toBe(false);
		record(cursor, { fax_a: T0 - 10 * MINUTE, fax_old: T0 - 2 * HOUR });
		expect(cursor.isHandled('fax_a')).toBe(true);
		// Before the window: neither emitted nor recorded.
		expect(cursor.isHandled('fax_old')).toBe(false);
	});

	it('after a poll, the next window starts the overlap before that poll', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		record(cursor, { fax_late: T0 - 30 * MINUTE });
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
		record(cursor, { fax_a: T0 - 50 * MINUTE, fax_b: T0 - 5 * MINUTE });
		cursor.advance(T0 + 24 * HOUR, HOUR);
		expect(idsOf(cursor)).toEqual(['fax_a', 'fax_b']);
		// Time passes in Fax.Plus too: a newer fax moves the retention on (kept from 65 minutes before it).
		record(cursor, { fax_c: T0 + 30 * MINUTE });
		cursor.advance(T0 + 31 * MINUTE, HOUR);
		expect(idsOf(cursor)).toEqual(['fax_b', 'fax_c']);
		expect(cursor.windowStart(T0 + 32 * MINUTE, HOUR)).toBe(T0 - 29 * MINUTE);
	});

	it('keeps at most maxEntries and raises its floor so a forgotten fax is never listed again', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		record(
			cursor,
			Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`fax_${i}`, T0 - (10 - i) * MINUTE])),
		);
		cursor.advance(T0, HOUR, 3);
		expect(idsOf(cursor)).toEqual(['fax_2', 'fax_3', 'fax_4']);
		// fax_1 (T0-9m) was forgotten: the window starts after it.
		expect(cursor.windowStart(T0, HOUR)).toBe(T0 - 9 * MINUTE + 1);
	});

	it('a longer overlap chosen later never reaches before what the record still holds', () => {
		const cursor = CategoryCursor.start(T0, 10 * MINUTE);
		record(cursor, { fax_a: T0 + HOUR - MINUTE }, 10 * MINUTE);
		cursor.advance(T0 + HOUR, 10 * MINUTE);
		// The record is complete only from (fax_a - 10m - margin) on.
		expect(cursor.windowStart(T0 + HOUR, 3 * HOUR)).toBe(T0 + HOUR - 16 * MINUTE);
	});

	it('round-trips through JSON (static data) and refuses what is not a snapshot', () => {
		const cursor = CategoryCursor.start(T0, HOUR);
		record(cursor, { fax_a: T0 - MINUTE });
		cursor.advance(T0 + MINUTE, HOUR);
		const restored = CategoryCursor.restore(JSON.parse(JSON.stringify(cursor.snapshot())));
		expect(restored?.snapshot()).toEqual(cursor.snapshot());
		expect(restored?.isHandled('fax_a')).toBe(true);
		for (const notOne of [
			undefined,
			'text',
			{ v: 2 },
			{ v: 1, cursor: 1, floor: 0, handled: 'a' },
			{ v: 1, cursor: 1, floor: 0, handled: [], again: 'a' },
			{ v: 1, cursor: 'soon', floor: 0, handled: [] },
		])
			expect(CategoryCursor.restore(notOne)).toBeUndefined();
	});

	it('a fax to look at again stays in the record, the list reaches back to it, and it round-trips', () => {
		const cursor = CategoryCursor.start(T0 - 10 * MINUTE, 10 * MINUTE);
		cursor.advance(T0 - 10 * MINUTE, 10 * MINUTE);
		const fax = { id: 'fax_a', startTime: T0 - 5 * MINUTE, status: 'success', record: {} };
		const poll = (target: CategoryCursor, now: number) =>
			target
				.select([fax], { now, overlapMs: 10 * MINUTE, history: false, lookAgainMs: 30 * MINUTE })
				.map((each) => each.again);
		expect(poll(cursor, T0)).toEqual([false]);
		record(cursor, { fax_b: T0 + 20 * MINUTE }, 10 * MINUTE, 30 * MINUTE);
		cursor.advance(T0 + 25 * MINUTE, 10 * MINUTE);
		// Retention alone would forget fax_a (older than fax_b - 15m); the second look keeps it.
		expect(cursor.snapshot()).toMatchObject({
			handled: [
				['fax_a', T0 - 5 * MINUTE],
				['fax_b', T0 + 20 * MINUTE],
			],
			again: [['fax_a', T0 + 30 * MINUTE]],
		});
		expect(cursor.windowStart(T0 + 26 * MINUTE, 10 * MINUTE)).toBe(T0 + 15 * MINUTE);
		// Due from T0 + 30m on: then a poll lists fax_a's own stretch, before the window.
		expect(cursor.dueSpan(T0 + 26 * MINUTE)).toBeUndefined();
		expect(cursor.dueSpan(T0 + 30 * MINUTE)).toEqual([T0 - 5 * MINUTE, T0 - 5 * MINUTE]);
		const restored = CategoryCursor.restore(JSON.parse(JSON.stringify(cursor.snapshot())))!;
		expect(restored.snapshot()).toEqual(cursor.snapshot());
		expect(poll(restored, T0 + 29 * MINUTE)).toEqual([]);
		expect(poll(restored, T0 + 30 * MINUTE)).toEqual([true]);
		expect(poll(restored, T0 + 31 * MINUTE)).toEqual([]);
		restored.advance(T0 + 31 * MINUTE, 10 * MINUTE);
		expect(restored.snapshot()).toEqual({
			v: 1,
			cursor: T0 + 31 * MINUTE,
			floor: T0 + 5 * MINUTE,
			handled: [['fax_b', T0 + 20 * MINUTE]],
		});
	});
});
