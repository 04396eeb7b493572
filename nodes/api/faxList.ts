// Paging the fax list (GET /accounts/{user_id}/faxes), newest first. Its only cursor is the
// documented `before` (whole seconds); whether `before` takes faxes of its own second, and how
// many records a page holds, no document says. So each next page ends one second after the
// oldest fax read (the faxes of that second come again, and are dropped by id), and a page that
// brings nothing new moves `before` back one second (a second that fills a page whole under an
// inclusive `before`), up to twice; then the list is read. More faxes in one second than a page
// holds cannot be listed by time: the API offers no other cursor.
import type { IDataObject } from 'n8n-workflow';
import { formatUtc, parseDateTime } from './dates';
import { entriesOf } from './lists';
import { entryKey, PagingError, type PageStep } from './paging';
import { faxPlusApiRequest, type FaxPlusContext, type FaxPlusRequest } from './transport';

/** Where the next page of the fax list starts; plain JSON, so a picker can hand it back. */
export interface FaxCursor {
	/** `before` of the next request (`YYYY-MM-DD HH:mm:ss`, UTC); none for the newest page. */
	before?: string;
	/** Faxes read that a next page can bring again: key and start second (epoch ms). */
	recent: Array<{ key: string; at: number }>;
	/** Pages in a row that brought nothing new. */
	stalls: number;
}

export const FIRST_FAX_PAGE: FaxCursor = { recent: [], stalls: 0 };

/** Pages in a row that may bring nothing new before the list is read (see above). */
const MAX_STALLS = 2;

interface FaxPaging {
	/** Faxes asked for per request. */
	pageSize: number;
	/** Faxes wanted in all (none: every one); a request asks for no more than still needed. */
	limit?: number;
	/** The user's own `before` (API format): the pages never reach past it. */
	before?: string;
	/** Epoch ms: once a page reaches back before it, the list is read (an API that ignores `after`). */
	floor?: number;
	/** Called when a page has no start_time to page by; it throws the caller's error. */
	noStartTime: (read: number) => never;
}

/** A fax's start second in epoch ms (the API's dates are UTC). */
export function startSecondOf(record: IDataObject): number | undefined {
	const time =
		typeof record.start_time === 'string' ? parseDateTime(record.start_time)?.getTime() : undefined;
	return time === undefined ? undefined : Math.floor(time / 1000) * 1000;
}

const apiTime = (ms: number) => formatUtc(new Date(ms));
const msOf = (time: string | undefined) =>
	time === undefined ? undefined : parseDateTime(time)?.getTime();

/**
 * A step through the fax list: `read` answers the page for a `before` and a `limit`. Faxes are
 * told apart by id; every fax read by this step function is kept out of its later pages too.
 */
export function faxPages(
	read: (query: { before?: string; limit: number }) => Promise<IDataObject[]>,
	paging: FaxPaging,
): (cursor: FaxCursor, collected: number) => Promise<PageStep<IDataObject, FaxCursor>> {
	const userBefore = msOf(paging.before);
	const seen = new Set<string>();
	let readCount = 0;
	return async (cursor, collected) => {
		// Enough for the limit, plus the faxes read that this page can bring again.
		const wanted =
			paging.limit === undefined
				? paging.pageSize
				: paging.limit - collected + cursor.recent.length;
		const page = await read({
			...(cursor.before !== undefined && { before: cursor.before }),
			limit: Math.max(1, Math.min(paging.pageSize, wanted)),
		});
		if (page.length === 0) return { fresh: [] };
		const recent = new Set(cursor.recent.map((entry) => entry.key));
		const fresh: IDataObject[] = [];
		for (const record of page) {
			const key = entryKey(record);
			if (recent.has(key) || seen.has(key)) continue;
			seen.add(key);
			fresh.push(record);
		}
		readCount += fresh.length;
		const before = msOf(cursor.before);
		// A fax after `before` says the API did not take the cursor: its pages would never end.
		if (
			before !== undefined &&
			page.some((record) => (startSecondOf(record) ?? -Infinity) > before)
		)
			throw new PagingError(
				`Fax.Plus answered faxes after the "before" asked for (${cursor.before} UTC), so its list cannot be paged: the cursor does not move`,
			);
		if (fresh.length === 0) {
			const stalls = cursor.stalls + 1;
			if (stalls > MAX_STALLS || before === undefined) return { fresh };
			return { fresh, next: { ...cursor, before: apiTime(before - 1000), stalls } };
		}
		const seconds = page
			.map(startSecondOf)
			.filter((second): second is number => second !== undefined);
		if (seconds.length === 0) paging.noStartTime(readCount);
		const oldest = seconds.reduce((least, second) => Math.min(least, second));
		if (paging.floor !== undefined && oldest < paging.floor) return { fresh };
		// Never later than this page's own `before` or the user's: pages only go back in time.
		const next = Math.min(oldest + 1000, before ?? Infinity, userBefore ?? Infinity);
		// The faxes of the seconds the next page can bring again: `oldest` and the one after.
		const again = [
			...cursor.recent,
			...page.map((record) => ({ key: entryKey(record), at: startSecondOf(record) ?? oldest })),
		].filter((entry) => entry.at >= oldest && entry.at <= oldest + 1000);
		const unique = [...new Map(again.map((entry) => [entry.key, entry])).values()];
		return { fresh, next: { before: apiTime(next), recent: unique, stalls: 0 } };
	};
}

/** The query of one page: the filters, the cursor's `before`, and `limit`. */
export interface FaxListPageQuery {
	category?: string;
	after?: string;
	before?: string;
	limit: number;
}

/** One page of a user's fax list (the SDK's FaxList, `{ data: { records } }`). */
export async function readFaxListPage(
	context: FaxPlusContext,
	userId: string,
	query: FaxListPageQuery,
	request: Pick<FaxPlusRequest, 'itemIndex' | 'timeout' | 'rateLimitRetries'> = {},
): Promise<IDataObject[]> {
	const answer = await faxPlusApiRequest<unknown>(context, {
		method: 'GET',
		path: `/accounts/${encodeURIComponent(userId)}/faxes`,
		qs: { ...query } as IDataObject,
		...request,
	});
	return entriesOf(answer, 'records');
}
