// A category's polling state in static data (pure, epoch ms): the record of faxes handled is
// complete from `floor` on, so each fax of the overlap window is emitted once, when final.
// Look Again After emits it once more later: n8n can drop a run after committing the cursor.
import { isFinalStatus } from '../shared/api/faxStatuses';

export const DEFAULT_OVERLAP_MINUTES = 60;
const DEFAULT_MAX_ENTRIES = 10_000;
/** Kept beyond the window, for an API that reads `after` as inclusive or rounds it. */
const RETENTION_MARGIN_MS = 5 * 60_000;

export type CategoryCursorSnapshot = {
	v: 1;
	cursor: number;
	floor: number;
	handled: Array<[string, number]>;
	/** Faxes to emit once more: id and when it is due (ms, n8n's clock); absent when there are none. */
	again?: Array<[string, number]>;
};

type ListedFax<T> = { id: string; startTime: number; status: unknown; record: T };

// `final` is false for a fax emitted because it stayed under way longer than the window.
export type SelectedFax<T> = ListedFax<T> & { final: boolean; again: boolean };

/** id → time of a snapshot's pairs (any other entry is skipped); undefined when it is no list. */
function mapOf(pairs: unknown): Map<string, number> | undefined {
	if (!Array.isArray(pairs)) return undefined;
	const map = new Map<string, number>();
	for (const pair of pairs)
		if (Array.isArray(pair) && typeof pair[0] === 'string' && Number.isFinite(pair[1]))
			map.set(pair[0], Number(pair[1]));
	return map;
}

export class CategoryCursor {
	private constructor(
		private cursor: number,
		private floor: number,
		private readonly handled = new Map<string, number>(),
		private readonly again = new Map<string, number>(),
	) {}

	/** A cursor that starts now: the faxes of the window before now are history (`select`). */
	static start(now: number, overlapMs: number): CategoryCursor {
		return new CategoryCursor(now, now - overlapMs);
	}

	static restore(value: unknown): CategoryCursor | undefined {
		const saved = (value ?? {}) as Partial<CategoryCursorSnapshot>;
		const handled = mapOf(saved.handled);
		const again = mapOf(saved.again ?? []);
		const { v, cursor, floor } = saved;
		if (v !== 1 || !handled || !again || !Number.isFinite(cursor) || !Number.isFinite(floor))
			return undefined;
		for (const id of again.keys()) if (!handled.has(id)) again.delete(id);
		return new CategoryCursor(Number(cursor), Number(floor), handled, again);
	}

	/** The earliest start_time of a new fax a poll at `now` emits. */
	windowStart(now: number, overlapMs: number): number {
		return Math.max(this.floor, Math.min(this.cursor, now) - overlapMs);
	}

	/** The first and the last start_time of the faxes due for a second look at `now`, if any. */
	dueSpan(now: number): [number, number] | undefined {
		const due = [...this.again].filter(([, from]) => from <= now);
		const times = due.map(([id]) => this.handled.get(id) ?? now);
		return times.length === 0 ? undefined : [Math.min(...times), Math.max(...times)];
	}

	isHandled(id: string): boolean {
		return this.handled.has(id);
	}

	/** Records the faxes a poll settles; returns new ones and due second looks (`history`: none). */
	select<T>(
		listed: ReadonlyArray<ListedFax<T>>,
		options: {
			now: number;
			overlapMs: number;
			history: boolean;
			lookAgainMs: number;
			/** The list was read only before this (a backlog's part): a due fax after it is kept. */
			until?: number;
		},
	): Array<SelectedFax<T>> {
		const { now, overlapMs, history, lookAgainMs, until = Infinity } = options;
		// In whole seconds, as start_time is: a fax of the cursor's own second is inside.
		const since = Math.floor(this.windowStart(now, overlapMs) / 1000) * 1000;
		if (lookAgainMs <= 0) this.again.clear();
		const selected: Array<SelectedFax<T>> = [];
		for (const fax of listed) {
			const final = isFinalStatus(fax.status);
			if (this.handled.has(fax.id)) {
				const due = this.again.get(fax.id);
				// Once more, then never again.
				if (due !== undefined && due <= now && this.again.delete(fax.id))
					selected.push({ ...fax, final, again: true });
				continue;
			}
			// Before the window; or still under way and still inside the next window: the next poll looks again.
			if (fax.startTime < since || (!final && now - fax.startTime <= overlapMs)) continue;
			this.handled.set(fax.id, fax.startTime);
			if (history) continue;
			selected.push({ ...fax, final, again: false });
			if (lookAgainMs > 0) this.again.set(fax.id, now + lookAgainMs);
		}
		// A due fax the list read no longer holds (deleted at Fax.Plus) has nothing to emit.
		for (const [id, from] of this.again)
			if (from <= now && (this.handled.get(id) ?? 0) < until) this.again.delete(id);
		return selected;
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
		const { cursor, floor, handled, again } = this;
		return {
			v: 1,
			cursor,
			floor,
			handled: [...handled],
			...(again.size > 0 && { again: [...again] }),
		};
	}
}
