// Where a fax list category's polling stands, kept in the node's static data (JSON-safe).
// A plain module: no n8n imports, times in epoch milliseconds.
//
// `cursor` is n8n's clock when the last successful poll started; the next poll lists the faxes
// whose start_time is within the overlap window before it, so a fax listed late is still seen.
// The record holds the faxes already handled (emitted, filtered out, or history), each with its
// start_time, and is complete from `floor` on, so a poll never looks before `floor` and handles
// each fax in the window once. It is bounded (older than the window, at most `maxEntries`);
// forgetting raises `floor`. Faxes due for a second look ("Look Again After", select.ts) stay
// in it until that poll. A clock that jumps is handled by the faxes' own start_times: a window
// never starts from a cursor ahead of now, and nothing is forgotten later than now.
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
	/** Faxes to emit once more (ids, parallel to againFrom); absent when there are none. */
	againIds?: string[];
	/** When each of againIds is due (ms, n8n's clock). */
	againFrom?: number[];
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
		snapshot.ids.length === snapshot.times.length &&
		(snapshot.againIds === undefined ||
			(Array.isArray(snapshot.againIds) &&
				Array.isArray(snapshot.againFrom) &&
				snapshot.againIds.length === snapshot.againFrom.length))
	);
}

export function overlapMsOfMinutes(minutes: unknown): number {
	const value = Number(minutes);
	return (Number.isFinite(value) && value >= 0 ? value : DEFAULT_OVERLAP_MINUTES) * MINUTE_MS;
}

/** Look Again After in ms; 0 (off) for anything that is not a number of 0 or more. */
export function lookAgainMsOfMinutes(minutes: unknown): number {
	const value = Number(minutes);
	return Number.isFinite(value) && value > 0 ? value * MINUTE_MS : 0;
}

export class CategoryCursor {
	private readonly handled = new Map<string, number>();

	/** Faxes to emit once more: id → the time (n8n's clock) from which a poll does. */
	private readonly again = new Map<string, number>();

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
		(value.againIds ?? []).forEach((id, index) => {
			const from = Number(value.againFrom?.[index]);
			if (cursor.handled.has(id) && Number.isFinite(from)) cursor.again.set(id, from);
		});
		return cursor;
	}

	/** The earliest start_time of a new fax a poll at `now` emits. */
	windowStart(now: number, overlapMs: number): number {
		return Math.max(this.floor, Math.min(this.cursor, now) - overlapMs);
	}

	/** The earliest start_time a poll at `now` lists: the window, and the faxes to look at again. */
	listStart(now: number, overlapMs: number): number {
		let start = this.windowStart(now, overlapMs);
		for (const id of this.again.keys()) start = Math.min(start, this.handled.get(id) ?? start);
		return start;
	}

	/** A fax emitted now is emitted once more by a poll from `from` on. */
	lookAgainFrom(id: string, from: number): void {
		if (this.handled.has(id)) this.again.set(id, from);
	}

	/** Whether a poll at `now` emits the fax once more (and forgets it: once is all). */
	takeDueAgain(id: string, now: number): boolean {
		const from = this.again.get(id);
		if (from === undefined || from > now) return false;
		this.again.delete(id);
		return true;
	}

	/** Forgets the second looks a poll at `now` could not make (the fax is no longer listed), or all of them. */
	dropAgain(now = Infinity): void {
		for (const [id, from] of this.again) if (from <= now) this.again.delete(id);
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
		let cutoff = Math.min(now, newest) - overlapMs - RETENTION_MARGIN_MS;
		// A fax still to be looked at again stays in the record (it must not count as new then).
		for (const id of this.again.keys()) cutoff = Math.min(cutoff, this.handled.get(id) ?? cutoff);
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
		for (const id of this.again.keys()) if (!this.handled.has(id)) this.again.delete(id);
	}

	snapshot(): CategoryCursorSnapshot {
		const entries = [...this.handled];
		const again = [...this.again];
		return {
			v: 1,
			cursor: this.cursor,
			floor: this.floor,
			ids: entries.map(([id]) => id),
			times: entries.map(([, time]) => time),
			...(again.length > 0 && {
				againIds: again.map(([id]) => id),
				againFrom: again.map(([, from]) => from),
			}),
		};
	}
}
