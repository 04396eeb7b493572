// Fax.Plus's lists: where an answer keeps its entries, and the one pager (no page size is
// documented, so only a page with nothing new ends a list).
import type { IDataObject } from 'n8n-workflow';

/** One page read: its entries not read before, and where the next page starts (none: the end). */
export type PageStep<T, C> = { fresh: T[]; next?: C };

/** Pages one list reads at most, and JSON characters it holds (1,000 real pages are a few tens of MB; pages under the 16 MB answer cap could add up to gigabytes): past either the API is taken to page without end. */
const MAX_PAGES = 1000;
const MAX_LIST_CHARS = 128 * 1024 * 1024;

/** A list the API pages in a way that cannot end (or not within MAX_PAGES or MAX_LIST_CHARS): its message says how. */
export class PagingError extends Error {}

/** Reads pages until no next cursor or `limit` entries, at most MAX_PAGES and MAX_LIST_CHARS. */
export async function collectPages<T, C>(
	start: C,
	step: (cursor: C, collected: number) => Promise<PageStep<T, C>>,
	limit?: number,
): Promise<T[]> {
	const entries: T[] = [];
	let cursor: C | undefined = start;
	let pages = 0;
	let chars = 0;
	while (cursor !== undefined && (limit === undefined || entries.length < limit)) {
		if (pages++ >= MAX_PAGES || chars > MAX_LIST_CHARS)
			throw new PagingError(
				`The API answered ${pages - 1} pages (${entries.length} entries) and the list did not end within ${MAX_PAGES} pages or ${MAX_LIST_CHARS / 2 ** 20} MB, so the node stopped reading it`,
			);
		const page = await step(cursor, entries.length);
		entries.push(...page.fresh);
		chars += JSON.stringify(page.fresh).length;
		cursor = page.next;
	}
	return entries.slice(0, limit);
}

export function entryKey(entry: { id?: unknown }): string {
	const id = entry.id;
	if (typeof id === 'string' || typeof id === 'number') return `id:${String(id)}`;
	return `entry:${JSON.stringify(entry)}`;
}

/** Where list answers keep their entries, in the order they are looked for. */
const LIST_KEYS = 'records data faxes numbers members accounts items webhooks endpoints'.split(' ');

/** A list answer's entries, bare or under a known key (one level deeper too). */
export function entriesOf(answer: unknown, preferredKey?: string): IDataObject[] {
	return findEntries(answer, preferredKey) ?? [];
}

function findEntries(answer: unknown, preferredKey?: string, depth = 0): IDataObject[] | undefined {
	if (Array.isArray(answer))
		return answer.filter((entry) => entry && typeof entry === 'object') as IDataObject[];
	if (!answer || typeof answer !== 'object' || depth > 1) return undefined;
	const object = answer as IDataObject;
	const keys = preferredKey
		? [preferredKey, ...LIST_KEYS.filter((key) => key !== preferredKey)]
		: LIST_KEYS;
	for (const key of keys) {
		if (Array.isArray(object[key])) return findEntries(object[key], undefined, depth + 1);
	}
	for (const key of keys) {
		const nested = findEntries(object[key], preferredKey, depth + 1);
		if (nested) return nested;
	}
	return undefined;
}
