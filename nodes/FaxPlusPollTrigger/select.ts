// Which listed faxes a poll emits: each fax once, when its status is final. A plain module (no
// n8n imports, times in epoch milliseconds), so the tests drive it with a clock of their own.
//
// A fax still under way (`in_progress`, or a status not known to be final) is not marked
// handled: each poll lists it again while it is in the window, and emits it once it is final.
// One that is still not final when it is about to leave the window (older than the Late Fax
// Window) is emitted then, once, marked as never final: a fax is never dropped silently.
//
// With "Look Again After" on, each emitted fax is emitted once more by the first poll from that
// many minutes later (with that poll's new faxes, or alone). n8n can drop a run it has already
// committed the poll's cursor for (a queue worker that cannot reach the database fails the job,
// and n8n replaces the execution's data with the error): only the run knows whether it began, so
// the second look lets the run decide, by the trigger's record (run.ts), which passes a fax on
// once.
import { isFinalStatus } from '../api/faxStatuses';
import type { CategoryCursor } from './cursor';

export interface ListedFax<T> {
	id: string;
	/** start_time, epoch ms (Fax.Plus's clock). */
	startTime: number;
	status: unknown;
	record: T;
}

export interface SelectedFax<T> extends ListedFax<T> {
	/** False for a fax emitted because it stayed under way longer than the window. */
	final: boolean;
	/** True for the second look at a fax emitted before. */
	again: boolean;
}

export interface SelectOptions {
	now: number;
	overlapMs: number;
	/** The first poll of a category: its settled faxes are recorded, not emitted. */
	history: boolean;
	/** Look Again After, in ms (0: off). */
	lookAgainMs?: number;
}

/**
 * Marks the faxes this poll settles in the cursor and returns the ones to emit (in list
 * order): the new ones, and those whose second look is due.
 */
export function selectFaxes<T>(
	cursor: CategoryCursor,
	listed: ReadonlyArray<ListedFax<T>>,
	options: SelectOptions,
): Array<SelectedFax<T>> {
	const since = cursor.windowStart(options.now, options.overlapMs);
	const lookAgainMs = options.lookAgainMs ?? 0;
	// Turned off: no second look is made any more.
	if (lookAgainMs <= 0) cursor.dropAgain();
	const selected: Array<SelectedFax<T>> = [];
	for (const fax of listed) {
		if (cursor.isHandled(fax.id)) {
			if (cursor.takeDueAgain(fax.id, options.now))
				selected.push({ ...fax, final: isFinalStatus(fax.status), again: true });
			continue;
		}
		if (fax.startTime < since) continue;
		const final = isFinalStatus(fax.status);
		// Still under way and still inside the next window: the next poll looks again.
		if (!final && options.now - fax.startTime <= options.overlapMs) continue;
		cursor.markHandled(fax.id, fax.startTime);
		if (options.history) continue;
		selected.push({ ...fax, final, again: false });
		if (lookAgainMs > 0) cursor.lookAgainFrom(fax.id, options.now + lookAgainMs);
	}
	// A due fax the list no longer holds (deleted at Fax.Plus) has nothing to emit.
	cursor.dropAgain(options.now);
	return selected;
}
