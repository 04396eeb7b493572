// The polling trigger's choice of faxes with a clock of the test's own: a simulated fax list
// (Fax.Plus's clock) and polls at host times that may jump, each poll going as pollOnce goes
// (restore the saved cursor, list from its window, select, advance, save).
import {
	CategoryCursor,
	type CategoryCursorSnapshot,
	type SelectedFax,
} from '../../../nodes/FaxPlusPollTrigger/cursor';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2030, 0, 15, 9, 0, 0);

interface Fax {
	id: string;
	startTime: number;
	status: string;
}

class SimulatedPoller {
	readonly faxes: Fax[] = [];
	readonly emitted: Array<{ id: string; status: string; final: boolean; again?: true }> = [];
	private saved: CategoryCursorSnapshot | undefined;

	constructor(
		private readonly overlapMs = HOUR,
		public lookAgainMs = 0,
	) {}

	add(id: string, startTime: number, status = 'success'): Fax {
		const fax = { id, startTime, status };
		this.faxes.push(fax);
		return fax;
	}

	/** One poll whose host clock reads `now`; with `until`, one that read a backlog's part up to it. */
	poll(now: number, until?: number): Array<SelectedFax<Fax>> {
		const restored = CategoryCursor.restore(this.saved);
		const cursor = restored ?? CategoryCursor.start(now, this.overlapMs);
		// The API's `after` in whole seconds, one second early (as listSince asks); the faxes due
		// for a second look from before the window are listed in their own stretch.
		const after = cursor.windowStart(now, this.overlapMs) - 1000;
		const due = cursor.dueSpan(now) ?? [Infinity, -Infinity];
		const listed = this.faxes
			.filter(
				(fax) =>
					(fax.startTime >= after && fax.startTime < (until ?? Infinity)) ||
					(fax.startTime >= due[0] - 1000 && fax.startTime <= due[1] + 1000),
			)
			.map((fax) => ({ ...fax, record: { ...fax } }));
		const selected = cursor.select(listed, {
			now,
			overlapMs: this.overlapMs,
			history: !restored,
			lookAgainMs: this.lookAgainMs,
			until,
		});
		cursor.advance(Math.min((until ?? now) + this.overlapMs, now), this.overlapMs);
		this.saved = JSON.parse(JSON.stringify(cursor.snapshot())) as CategoryCursorSnapshot;
		for (const fax of selected)
			this.emitted.push({
				id: fax.id,
				status: fax.record.status,
				final: fax.final,
				...(fax.again && { again: true as const }),
			});
		return selected;
	}

	get ids(): string[] {
		return this.emitted.map((fax) => fax.id);
	}
}

describe('Fax.Plus Polling Trigger → which faxes a poll emits (controlled clock)', () => {
	it('with a Late Fax Window of 0, a fax that starts in the second of a poll, after it, is emitted by the next (start_time has whole seconds)', () => {
		const poller = new SimulatedPoller(0);
		poller.poll(T0 + 500);
		poller.poll(T0 + MINUTE + 500);
		// Started at T0 + MINUTE + 800 ms; Fax.Plus lists its start_time in whole seconds.
		poller.add('fax_same_second', T0 + MINUTE);
		poller.poll(T0 + 2 * MINUTE + 500);
		poller.poll(T0 + 3 * MINUTE + 500);
		expect(poller.ids).toEqual(['fax_same_second']);
	});

	it('a fax listed in_progress is emitted once, when it is final, with its final status', () => {
		const poller = new SimulatedPoller();
		poller.poll(T0);
		const fax = poller.add('fax_arriving', T0 + 30_000, 'in_progress');
		expect(poller.poll(T0 + MINUTE)).toEqual([]);
		expect(poller.poll(T0 + 2 * MINUTE)).toEqual([]);
		fax.status = 'success';
		poller.poll(T0 + 3 * MINUTE);
		poller.poll(T0 + 4 * MINUTE);
		expect(poller.emitted).toEqual([{ id: 'fax_arriving', status: 'success', final: true }]);
	});

	it('an unknown status is not taken as final either', () => {
		const poller = new SimulatedPoller();
		poller.poll(T0);
		const fax = poller.add('fax_new_status', T0 + 30_000, 'receiving');
		poller.poll(T0 + MINUTE);
		fax.status = 'partially_received';
		poller.poll(T0 + 2 * MINUTE);
		expect(poller.emitted).toEqual([
			{ id: 'fax_new_status', status: 'partially_received', final: true },
		]);
	});

	it('a fax still under way after the Late Fax Window is emitted once, marked never final', () => {
		const poller = new SimulatedPoller();
		poller.poll(T0);
		const fax = poller.add('fax_stuck', T0 + 30_000, 'in_progress');
		for (let minute = 1; minute <= 60; minute++) poller.poll(T0 + minute * MINUTE);
		expect(poller.emitted).toEqual([]);
		// 61 minutes after it started: older than the window, the last poll that lists it.
		poller.poll(T0 + 61 * MINUTE);
		expect(poller.emitted).toEqual([{ id: 'fax_stuck', status: 'in_progress', final: false }]);
		fax.status = 'success';
		poller.poll(T0 + 62 * MINUTE);
		expect(poller.ids).toEqual(['fax_stuck']);
	});

	it('a fax under way at the first poll is not history: it is emitted once it is final', () => {
		const poller = new SimulatedPoller();
		poller.add('fax_done_before', T0 - 10 * MINUTE);
		const fax = poller.add('fax_arriving_at_start', T0 - MINUTE, 'in_progress');
		poller.poll(T0);
		fax.status = 'success';
		poller.poll(T0 + MINUTE);
		expect(poller.ids).toEqual(['fax_arriving_at_start']);
	});

	it('a forward clock jump followed by the correction emits every fax of the gap, once', () => {
		const poller = new SimulatedPoller();
		poller.poll(T0);
		poller.add('fax_before_jump', T0 + 30_000);
		// The host clock runs a day ahead for two polls; Fax.Plus's clock does not.
		poller.poll(T0 + 24 * HOUR + MINUTE);
		poller.add('fax_in_gap_1', T0 + 90_000);
		poller.poll(T0 + 24 * HOUR + 2 * MINUTE);
		poller.add('fax_in_gap_2', T0 + 150_000);
		// Corrected.
		poller.poll(T0 + 3 * MINUTE);
		poller.add('fax_after', T0 + 210_000);
		poller.poll(T0 + 4 * MINUTE);
		poller.poll(T0 + 5 * MINUTE);
		expect(poller.ids).toEqual(['fax_before_jump', 'fax_in_gap_1', 'fax_in_gap_2', 'fax_after']);
	});

	it('a backward clock jump emits nothing twice', () => {
		const poller = new SimulatedPoller();
		poller.poll(T0);
		poller.add('fax_a', T0 + 30_000);
		poller.add('fax_b', T0 + 50 * MINUTE);
		poller.poll(T0 + 55 * MINUTE);
		// The host clock goes back two hours, for a few polls, then forward again.
		poller.add('fax_c', T0 + 56 * MINUTE);
		poller.poll(T0 - 65 * MINUTE);
		poller.poll(T0 - 64 * MINUTE);
		poller.poll(T0 + 57 * MINUTE);
		poller.poll(T0 + 58 * MINUTE);
		expect(poller.ids).toEqual(['fax_a', 'fax_b', 'fax_c']);
	});

	it('a fax listed late (start_time inside the window, record seen only now) is emitted once', () => {
		const poller = new SimulatedPoller();
		poller.poll(T0);
		poller.poll(T0 + 30 * MINUTE);
		poller.add('fax_long', T0 + 5 * MINUTE);
		poller.poll(T0 + 31 * MINUTE);
		poller.poll(T0 + 32 * MINUTE);
		expect(poller.ids).toEqual(['fax_long']);
	});

	describe('Look Again After', () => {
		it('emits each new fax once more, by the first poll from that many minutes on, and then never again', () => {
			const poller = new SimulatedPoller(HOUR, 2 * MINUTE);
			poller.poll(T0);
			poller.add('fax_a', T0 + 30_000);
			poller.poll(T0 + MINUTE);
			poller.poll(T0 + 2 * MINUTE);
			expect(poller.emitted).toEqual([{ id: 'fax_a', status: 'success', final: true }]);
			// Due at T0+3m: a new fax comes with it in the same poll.
			poller.add('fax_b', T0 + 150_000);
			expect(poller.poll(T0 + 3 * MINUTE).map((fax) => [fax.id, fax.again])).toEqual([
				['fax_a', true],
				['fax_b', false],
			]);
			poller.poll(T0 + 4 * MINUTE);
			poller.poll(T0 + 5 * MINUTE);
			poller.poll(T0 + 10 * MINUTE);
			expect(poller.emitted.map((fax) => [fax.id, fax.again ?? false])).toEqual([
				['fax_a', false],
				['fax_a', true],
				['fax_b', false],
				['fax_b', true],
			]);
		});

		it('reaches back to the fax whatever the Late Fax Window, and keeps it in the record until then', () => {
			const poller = new SimulatedPoller(0, 30 * MINUTE);
			poller.poll(T0);
			poller.add('fax_now', T0 + 90_000);
			poller.poll(T0 + 2 * MINUTE);
			for (let minute = 3; minute <= 31; minute++) poller.poll(T0 + minute * MINUTE);
			expect(poller.ids).toEqual(['fax_now']);
			poller.poll(T0 + 32 * MINUTE);
			expect(poller.emitted.map((fax) => [fax.id, fax.again ?? false])).toEqual([
				['fax_now', false],
				['fax_now', true],
			]);
		});

		it('counts no second look for history, nor once it is turned off', () => {
			const poller = new SimulatedPoller(HOUR, MINUTE);
			poller.add('fax_history', T0 - MINUTE);
			poller.poll(T0);
			poller.add('fax_a', T0 + 10_000);
			poller.poll(T0 + 30_000);
			poller.lookAgainMs = 0;
			poller.poll(T0 + 2 * MINUTE);
			poller.lookAgainMs = MINUTE;
			poller.poll(T0 + 3 * MINUTE);
			expect(poller.ids).toEqual(['fax_a']);
		});

		it('keeps a due fax past the part of a backlog a poll read, for the poll that reads it', () => {
			const poller = new SimulatedPoller(HOUR, MINUTE);
			poller.poll(T0);
			poller.add('fax_x', T0 + 10_000);
			poller.poll(T0 + 30_000);
			poller.poll(T0 + 2 * MINUTE, T0 + 5_000);
			poller.poll(T0 + 3 * MINUTE);
			expect(poller.emitted.map((fax) => [fax.id, fax.again ?? false])).toEqual([
				['fax_x', false],
				['fax_x', true],
			]);
		});

		it('forgets a due fax deleted at Fax.Plus while a backlog is read in parts: the stretch due is one part', () => {
			const overlapMs = 10 * MINUTE;
			const stoppedAt = T0 - 5 * HOUR;
			// n8n stopped 5 hours ago; a fax every 10 s since; each poll reads a 10-minute part.
			let faxes = Array.from({ length: 1800 }, (_, i) => ({
				id: `fax_${i}`,
				startTime: stoppedAt + 5_000 + i * 10_000,
				status: 'success',
			}));
			let saved: unknown = { v: 1, cursor: stoppedAt, floor: stoppedAt - overlapMs, handled: [] };
			const dueReads: number[] = [];
			for (let k = 1; k <= 8; k++) {
				const [now, until] = [T0 + k * MINUTE, stoppedAt + k * 10 * MINUTE];
				const cursor = CategoryCursor.restore(saved)!;
				const since = cursor.windowStart(now, overlapMs);
				const due = cursor.dueSpan(now);
				const dueRead =
					due && due[0] < since
						? faxes.filter(
								(fax) => fax.startTime >= due[0] - 1000 && fax.startTime <= due[1] + 1000,
							)
						: [];
				dueReads.push(dueRead.length);
				const part = faxes.filter((fax) => fax.startTime >= since - 1000 && fax.startTime < until);
				const listed = [...dueRead, ...part].map((fax) => ({ ...fax, record: fax }));
				cursor.select(listed, { now, overlapMs, history: false, lookAgainMs: MINUTE, until });
				cursor.advance(Math.min(until + overlapMs, now), overlapMs);
				saved = JSON.parse(JSON.stringify(cursor.snapshot()));
				if (k === 1) faxes = faxes.filter((fax) => fax.id !== 'fax_0');
			}
			expect(Math.max(...dueReads)).toBeLessThanOrEqual(61);
		});

		it('forgets a due fax the list no longer holds (deleted at Fax.Plus)', () => {
			const poller = new SimulatedPoller(HOUR, MINUTE);
			poller.poll(T0);
			poller.add('fax_gone', T0 + 10_000);
			poller.poll(T0 + 30_000);
			poller.faxes.splice(0);
			poller.poll(T0 + 2 * MINUTE);
			poller.add('fax_gone', T0 + 10_000);
			poller.poll(T0 + 3 * MINUTE);
			expect(poller.ids).toEqual(['fax_gone']);
		});
	});
});
