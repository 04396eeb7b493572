// The Fax picker: the chosen user's faxes, newest first, paged backwards with `before` as
// Get Many pages them, so the editor can load more as the user scrolls.
import type { IDataObject, INodeListSearchItems } from 'n8n-workflow';
import { entriesOf } from '../../../api/lists';
import { faxPlusApiRequest, segment } from '../../../api/transport';
import { formatUtc, parseDateTime } from '../../../api/dates';
import { currentUserId, labelText, matchesFilter, pagesLabel } from '../../shared/locators';
import type { ListSearchMethod } from '../../shared/types';
import type { FaxListQuery, FaxRecord } from './types';

/** Faxes asked for per request. */
export const SEARCH_PAGE_SIZE = 50;
/** Pages read for one search while what the user typed matches too few faxes. */
const PAGES_PER_FILTERED_SEARCH = 5;

/**
 * Where the next page starts: `before` one second after the oldest fax shown, so faxes sharing
 * that second are not lost, and the ids already shown from the seconds the next page repeats.
 */
interface FaxCursor {
	before?: string;
	shown: string[];
}

function readCursor(token: string | undefined): FaxCursor {
	if (!token) return { shown: [] };
	try {
		const cursor = JSON.parse(token) as Partial<FaxCursor>;
		return {
			before: typeof cursor.before === 'string' ? cursor.before : undefined,
			shown: Array.isArray(cursor.shown) ? cursor.shown.map(String) : [],
		};
	} catch {
		return { shown: [] };
	}
}

/** The start time of a fax in epoch milliseconds, whole seconds (the API's dates are in UTC). */
function startSecond(fax: FaxRecord): number | undefined {
	const time =
		typeof fax.start_time === 'string' ? parseDateTime(fax.start_time)?.getTime() : undefined;
	return time === undefined ? undefined : Math.floor(time / 1000) * 1000;
}

/** The cursor after a full page, or undefined when it cannot go further back. */
function nextCursor(page: FaxRecord[]): FaxCursor | undefined {
	const seconds = page.map(startSecond).filter((time): time is number => time !== undefined);
	if (seconds.length === 0) return undefined;
	const oldest = Math.min(...seconds);
	return {
		before: formatUtc(new Date(oldest + 1000)),
		// `before` may be inclusive: the faxes of its own second come again too.
		shown: page
			.filter((fax) => {
				const second = startSecond(fax);
				return second === oldest || second === oldest + 1000;
			})
			.map((fax) => String(fax.id)),
	};
}

/** "2025-01-14 10:15 · received from +4930123456 · 2 pages · success"; the comment as description. */
export function faxEntry(fax: FaxRecord): INodeListSearchItems {
	const when = labelText(fax.start_time).slice(0, 16);
	const incoming = fax.direction === 'incoming';
	const party = incoming
		? `received from ${labelText(fax.from) || 'unknown'}`
		: `sent to ${labelText(fax.to) || 'unknown'}`;
	const parts = [
		when && `${when} UTC`,
		fax.direction ? party : '',
		pagesLabel(fax.pages),
		labelText(fax.status),
		fax.is_spam === true ? 'spam' : '',
	].filter(Boolean);
	const comment = labelText(fax.comment);
	return {
		name: parts.length > 0 ? parts.join(' · ') : String(fax.id),
		value: String(fax.id),
		...(comment && { description: comment }),
	};
}

export const searchFaxes: ListSearchMethod = async function (filter, paginationToken) {
	const userId = currentUserId(this);
	let cursor: FaxCursor | undefined = readCursor(paginationToken);
	const results: INodeListSearchItems[] = [];
	for (let pages = 0; cursor && pages < PAGES_PER_FILTERED_SEARCH; pages++) {
		const qs: FaxListQuery = {
			limit: SEARCH_PAGE_SIZE,
			...(cursor.before && { before: cursor.before }),
		};
		const answer = await faxPlusApiRequest<unknown>(this, {
			method: 'GET',
			path: `/accounts/${segment(userId)}/faxes`,
			qs: qs as unknown as IDataObject,
		});
		const page = entriesOf(answer, 'records') as FaxRecord[];
		const shown = new Set<string>(cursor.shown);
		const fresh: FaxRecord[] = page.filter(
			(fax) => fax.id !== undefined && !shown.has(String(fax.id)),
		);
		results.push(
			...fresh.map(faxEntry).filter((entry: INodeListSearchItems) => matchesFilter(entry, filter)),
		);
		// A short page is the last one; a page of nothing new cannot move the cursor.
		cursor = page.length < SEARCH_PAGE_SIZE || fresh.length === 0 ? undefined : nextCursor(page);
		// Without a filter one page is what the editor asked for; with one, read on until some match.
		if (!filter?.trim() || results.length >= SEARCH_PAGE_SIZE) break;
	}
	return { results, ...(cursor && { paginationToken: JSON.stringify(cursor) }) };
};
