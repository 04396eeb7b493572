// Where a fax list category's polling stands, kept in the node's static data (JSON-safe).
// A plain module: no n8n imports, times in epoch milliseconds.
//
// - `cursor`: n8n's clock when the last successful poll started. The next poll lists the
//   faxes whose start_time is within the overlap window before it, so a fax whose record
//   appears late (a long fax, clocks apart) is still seen.
// - the record: the ids of the faxes already handled (emitted, filtered out, or already
//   there when polling began), each with its start_time. It is complete from `floor` on:
//   every listed fax with a start_time at or after `floor` is in it. So a poll never looks
//   before `floor`, and a fax in the window is handled exactly once.
// - bounded: entries older than the window (plus a margin) are forgotten, and at most
//   `maxEntries` are kept; forgetting raises `floor`, which keeps the promise above.
//
// The host's clock can jump. A window is never built from a cursor ahead of the current time,
// and what is forgotten is judged by the faxes' own start_times (Fax.Plus's clock), never
// later than now: a poll while the clock ran ahead forgets nothing the corrected clock's
// window lists again, so after the correction every fax of the gap is listed and each fax
// already handled is still known.
export const DEFAULT_OVERLAP_MINUTES = 60;
export const DEFAULT_MAX_ENTRIES = 10_000;
const MINUTE_MS = 60_000;
/** Kept beyond the window, for an API that reads `after` as inclusive or rounds it. */
const RETENTION_MARGIN_MS = 5 * MINUTE_MS;

export interface CategoryCursorSnapshot {
	v: 1;
	cursor: number;
	floor: number;
	/** Fax ids, parallel to times. */
	ids: string[];
	/** start_time of each fax (ms). */
	times: number[];
}

export function isCategoryCursorSnapshot(value: unknown): value is CategoryCursorSnapshot {
	if (!value || typeof value !== 'object') return false;
	const snapshot = value as Partial<CategoryCursorSnapshot>;
	return (
		snapshot.v === 1 &&
		Number.isFinite(snapshot.cursor) &&
		Number.isFinite(snapshot.floor) &&
		Array.isArray(snapshot.ids) &&
		Array.isArray(snapshot.times) &&
		snapshot.ids.length === snapshot.times.length
	);
}

export function overlapMsOfMinutes(minutes: unknown): number {
	const value = Number(minutes);
	return (Number.isFinite(value) && value >= 0 ? value : DEFAULT_OVERLAP_MINUTES) * MINUTE_MS;
}

export class CategoryCursor {
	private readonly handled = new Map<string, number>();

	private constructor(
		private cursor: number,
		private floor: number,
	) {}

	/**
	 * A cursor that starts now: the faxes of the window before now count as history. The
	 * caller records them (`markHandled`) without emitting them.
	 */
	static start(now: number, overlapMs: number): CategoryCursor {
		return new CategoryCursor(now, now - overlapMs);
	}

	/** The saved cursor, or undefined when there is none (or it is not one of ours). */
	static restore(value: unknown): CategoryCursor | undefined {
		if (!isCategoryCursorSnapshot(value)) return undefined;
		const cursor = new CategoryCursor(value.cursor, value.floor);
		value.ids.forEach((id, index) => {
			const time = Number(value.times[index]);
			if (typeof id === 'string' && Number.isFinite(time)) cursor.handled.set(id, time);
		});
		return cursor;
	}

	/** The earliest start_time a poll at `now` asks for. */
	windowStart(now: number, overlapMs: number): number {
		return Math.max(this.floor, Math.min(this.cursor, now) - overlapMs);
	}

	isHandled(id: string): boolean {
		return this.handled.has(id);
	}

	markHandled(id: string, startTime: number): void {
		this.handled.set(id, startTime);
	}

	get size(): number {
		return this.handled.size;
	}

	/** After a successful poll that started at `now`: moves the cursor and forgets what no later window lists. */
	advance(now: number, overlapMs: number, maxEntries = DEFAULT_MAX_ENTRIES): void {
		this.cursor = now;
		let newest = -Infinity;
		for (const time of this.handled.values()) if (time > newest) newest = time;
		const cutoff = Math.min(now, newest) - overlapMs - RETENTION_MARGIN_MS;
		if (cutoff > this.floor) this.floor = cutoff;
		const kept = [...this.handled]
			.filter(([, time]) => time >= this.floor)
			.sort((a, b) => a[1] - b[1]);
		const excess = kept.length - Math.max(1, Math.floor(maxEntries));
		if (excess > 0) {
			// Forgotten faxes must not be listed again: nothing at or before their time is.
			this.floor = Math.max(this.floor, kept[excess - 1][1] + 1);
			kept.splice(0, excess);
		}
		this.handled.clear();
		for (const [id, time] of kept) this.handled.set(id, time);
	}

	snapshot(): CategoryCursorSnapshot {
		const entries = [...this.handled];
		return {
			v: 1,
			cursor: this.cursor,
			floor: this.floor,
			ids: entries.map(([id]) => id),
			times: entries.map(([, time]) => time),
		};
	}
}
