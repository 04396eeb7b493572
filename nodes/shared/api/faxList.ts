// The fax list: its only cursors are whole seconds, so pages overlap a second and repeats are
// dropped by id; every reader of the list pages it here.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { formatUtc, parseDateTime } from './dates';
import { listAnswer } from './accountLists';
import { collectPages, entryKey, PagingError, type PageStep } from './pager';
import type { FaxPlusContext, FaxPlusRequest, RequestScope } from '../transport/transport';
import { operationError } from '../transport/nodeErrors';

/** Where the next page of the fax list starts; plain JSON, so a picker can hand it back. */
export interface FaxCursor {
	/** `before` of the next request (`YYYY-MM-DD HH:mm:ss`, UTC); none for the newest page. */
	before?: string;
	/** Faxes read that a next page can bring again: key and start second (epoch ms). */
	recent: Array<{ key: string; at: number }>;
	/** `after` of the next request, once the list showed itself oldest first. */
	after?: string;
	stalls: number;
	/** The list's order, once a page showed it (two start seconds in a row that differ). */
	order?: 'newestFirst' | 'oldestFirst';
}

export const FIRST_FAX_PAGE: FaxCursor = { recent: [], stalls: 0 };

/** Pages in a row that may bring nothing new before the list is read (see above). */
const MAX_STALLS = 2;

interface FaxPaging {
	pageSize: number;
	/** Faxes wanted in all (none: every one); a request asks for no more than still needed. */
	limit?: number;
	/** The user's own `before` (API format): the pages never reach past it. */
	before?: string;
	/** Epoch ms: once a page reaches back before it, the list is read (an API that ignores `after`). */
	floor?: number;
	/** Called when a page has no start_time to page by; it throws the caller's error. */
	noStartTime: (read: number) => never;
	/** Oldest first, hold faxes to give them newest first (a picker, paging singly, says false). */
	holdOldestFirst?: boolean;
}

/** The SDK's default `limit`: asked for once when a larger one is refused. */
const SDK_PAGE_SIZE = 50;

/** Newest first, a page's faxes (by start second; the rest in the API's order). */
function newestFirst(records: IDataObject[]): IDataObject[] {
	return records
		.map((record, index) => ({ record, index, at: startSecondOf(record) ?? -Infinity }))
		.sort((a, b) => b.at - a.at || a.index - b.index)
		.map((entry) => entry.record);
}

function secondsOf(records: IDataObject[]): number[] {
	return records.map(startSecondOf).filter((second) => second !== undefined);
}

/** The order a page shows: its start seconds falling, rising, or neither (one second, or mixed). */
function orderOf(records: IDataObject[]): FaxCursor['order'] {
	const seconds = secondsOf(records);
	const falling = seconds.some((second, i) => i > 0 && second < seconds[i - 1]);
	const rising = seconds.some((second, i) => i > 0 && second > seconds[i - 1]);
	if (falling === rising) return undefined;
	return falling ? 'newestFirst' : 'oldestFirst';
}

export function startSecondOf(record: IDataObject): number | undefined {
	const time =
		typeof record.start_time === 'string' ? parseDateTime(record.start_time)?.getTime() : undefined;
	return time === undefined ? undefined : Math.floor(time / 1000) * 1000;
}

const apiTime = (ms: number) => formatUtc(new Date(ms));
const msOf = (time: string | undefined) =>
	time === undefined ? undefined : parseDateTime(time)?.getTime();

/** A step through the fax list; every fax it read is kept out of its later pages. */
export function faxPages(
	read: (query: { before?: string; after?: string; limit: number }) => Promise<IDataObject[]>,
	paging: FaxPaging,
): (cursor: FaxCursor, collected: number) => Promise<PageStep<IDataObject, FaxCursor>> {
	const userBefore = msOf(paging.before);
	const seen = new Set<string>();
	const held: IDataObject[] = [];
	let pageSize = paging.pageSize;
	let readCount = 0;

	const readPage = async (query: { before?: string; after?: string; limit: number }) =>
		await read(query).catch(async (error: unknown) => {
			// A 400 may refuse a `limit` above Fax.Plus's largest (on one reading).
			const refused = error instanceof NodeApiError && String(error.httpCode) === '400';
			if (!refused || query.limit <= SDK_PAGE_SIZE) throw error;
			pageSize = SDK_PAGE_SIZE;
			return await read({ ...query, limit: SDK_PAGE_SIZE });
		});

	return async (cursor, collected) => {
		const holding = cursor.order === 'oldestFirst' && paging.holdOldestFirst !== false;
		// Enough for the limit, plus the faxes read that this page can bring again.
		const wanted =
			paging.limit === undefined || holding
				? pageSize
				: paging.limit - collected + cursor.recent.length;
		const page = await readPage({
			...(cursor.before !== undefined && { before: cursor.before }),
			...(cursor.after !== undefined && { after: cursor.after }),
			limit: Math.max(1, Math.min(pageSize, wanted)),
		});
		const order = cursor.order ?? orderOf(page);
		const forward = order === 'oldestFirst';
		const hold = forward && paging.holdOldestFirst !== false;
		const end = (fresh: IDataObject[]) =>
			hold ? { fresh: newestFirst([...held.splice(0), ...fresh]) } : { fresh };
		if (page.length === 0) return end([]);
		const recent = new Set(cursor.recent.map((entry) => entry.key));
		const fresh: IDataObject[] = [];
		for (const record of newestFirst(page)) {
			const key = entryKey(record);
			if (recent.has(key) || seen.has(key)) continue;
			seen.add(key);
			fresh.push(record);
		}
		readCount += fresh.length;
		const given = hold ? (held.push(...fresh), []) : fresh;
		const bound = msOf(forward ? cursor.after : cursor.before);
		const seconds = secondsOf(page);
		// A fax beyond the bound says the API ignored the cursor: its pages would never end.
		if (
			bound !== undefined &&
			seconds.some((second) => (forward ? second < bound : second > bound))
		)
			throw new PagingError(
				`Fax.Plus answered faxes ${forward ? 'before the "after"' : 'after the "before"'} asked for (${forward ? cursor.after : cursor.before} UTC), so its list cannot be paged: the cursor does not move`,
			);
		if (fresh.length === 0) {
			const stalls = cursor.stalls + 1;
			if (stalls > MAX_STALLS || bound === undefined) return end([]);
			return forward
				? { fresh: given, next: { ...cursor, order, after: apiTime(bound + 1000), stalls } }
				: { fresh: given, next: { ...cursor, order, before: apiTime(bound - 1000), stalls } };
		}
		if (seconds.length === 0) paging.noStartTime(readCount);
		// The page's edge: its newest second going forward in time, its oldest going back.
		const edge = seconds.reduce((a, b) => (forward ? Math.max(a, b) : Math.min(a, b)));
		if (!forward && paging.floor !== undefined && edge < paging.floor) return end(given);
		// Pages only go one way: never before this page's `after`, never after its or the user's `before`.
		const next = forward
			? Math.max(edge - 1000, bound ?? -Infinity)
			: Math.min(edge + 1000, bound ?? Infinity, userBefore ?? Infinity);
		// The faxes of the two seconds the next page can bring again: the edge and the one beside it.
		const low = forward ? edge - 1000 : edge;
		const again = [
			...cursor.recent,
			...page.map((record) => ({ key: entryKey(record), at: startSecondOf(record) ?? edge })),
		].filter((entry) => entry.at >= low && entry.at <= low + 1000);
		const unique = [...new Map(again.map((entry) => [entry.key, entry])).values()];
		const moved = forward ? { after: apiTime(next) } : { before: apiTime(next) };
		return { fresh: given, next: { ...cursor, order, ...moved, recent: unique, stalls: 0 } };
	};
}

export type FaxListPageQuery = {
	category?: string;
	after?: string;
	before?: string;
	limit: number;
};

/** One page of a user's fax list (the SDK's FaxList, `{ data: { records } }`). */
export async function readFaxListPage(
	context: FaxPlusContext,
	userId: string,
	query: FaxListPageQuery,
	request: Pick<FaxPlusRequest, 'rateLimitRetries'> & RequestScope = {},
) {
	const path = `/accounts/${encodeURIComponent(userId)}/faxes`;
	return await listAnswer(context, { path, key: 'records', qs: query, ...request });
}

export const SENT_PAGE = 200;

/** Every sent fax from `since` on, newest first, all pages or the newest `limit` (the fax list above). */
export async function sentSince(
	context: IExecuteFunctions,
	scope: RequestScope & { itemIndex: number },
	userId: string,
	since: number,
	limit?: number,
): Promise<IDataObject[]> {
	const after = formatUtc(new Date(since));
	const step = faxPages(
		async (page) =>
			await readFaxListPage(context, userId, { category: 'sent', after, ...page }, scope),
		{
			pageSize: SENT_PAGE,
			floor: since - 1000,
			noStartTime: () => {
				throw operationError(context, {
					itemIndex: scope.itemIndex,
					message:
						'Fax.Plus listed sent faxes without a start_time, so the next page cannot be asked for',
					description: 'The faxes were sent; check them with Fax → Get Many (category "sent").',
				});
			},
		},
	);
	return await collectPages(FIRST_FAX_PAGE, step, limit);
}
