// Which listed faxes a poll emits: each fax once, when its status is final. A plain module (no
// n8n imports, times in epoch milliseconds), so the tests drive it with a clock of their own.
//
// A fax still under way (`in_progress`, or a status not known to be final) is not marked
// handled: each poll lists it again while it is in the window, and emits it once it is final.
// One that is still not final when it is about to leave the window (older than the Late Fax
// Window) is emitted then, once, marked as never final: a fax is never dropped silently.
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
}

/**
 * Marks the faxes this poll settles in the cursor and returns the ones to emit (in list
 * order). `history`: the first poll of a category, whose settled faxes are recorded, not emitted.
 */
export function selectFaxes<T>(
	cursor: CategoryCursor,
	listed: ReadonlyArray<ListedFax<T>>,
	options: { now: number; overlapMs: number; history: boolean },
): Array<SelectedFax<T>> {
	const since = cursor.windowStart(options.now, options.overlapMs);
	const selected: Array<SelectedFax<T>> = [];
	for (const fax of listed) {
		if (fax.startTime < since || cursor.isHandled(fax.id)) continue;
		const final = isFinalStatus(fax.status);
		// Still under way and still inside the next window: the next poll looks again.
		if (!final && options.now - fax.startTime <= options.overlapMs) continue;
		cursor.markHandled(fax.id, fax.startTime);
		if (!options.history) selected.push({ ...fax, final });
	}
	return selected;
}
