// The contact list, paged by `offset` (Contact → Get Many and its picker): a step for pager.ts's
// collectPages(). Entry: offsetPages().
import type { PageStep } from './pager';

/** Where a list paged by `offset` goes on, and the keys of its last page (to see a repeat). */
export type OffsetCursor = { offset: number; last: string[] };

export const FIRST_OFFSET_PAGE: OffsetCursor = { offset: 0, last: [] };

/** Offset paging; entries read before are dropped; a page with nothing new is the end. */
export function offsetPages<T>(
	read: (offset: number, collected: number) => Promise<T[]>,
	keyOf: (entry: T) => string,
): (cursor: OffsetCursor, collected: number) => Promise<PageStep<T, OffsetCursor>> {
	const seen = new Set<string>();
	return async (cursor, collected) => {
		const page = await read(cursor.offset, collected);
		const keys = page.map(keyOf);
		// The last page's keys come with the cursor (a picker's next call has no `seen` of its own).
		const last = new Set(cursor.last);
		const fresh = page.filter((_, index) => {
			const known = seen.has(keys[index]) || last.has(keys[index]);
			seen.add(keys[index]);
			return !known;
		});
		if (fresh.length === 0) return { fresh: [] };
		return { fresh, next: { offset: cursor.offset + page.length, last: keys } };
	};
}
