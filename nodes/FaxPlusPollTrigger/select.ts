// Which listed faxes a poll emits: each fax once, when its status is final. A plain module (no
// n8n imports, times in epoch milliseconds). A fax still under way is not marked handled, so each
// poll lists it again while it is in the window; one still not final as it leaves the window is
// emitted then, once, marked as never final. With "Look Again After" each emitted fax is emitted
// once more that many minutes later: n8n can drop a run after committing the poll's cursor (a
// queue worker without its database), and only the run's record (run.ts) knows whether it began.
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
