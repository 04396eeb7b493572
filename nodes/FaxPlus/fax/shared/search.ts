// The Fax picker, paged backwards with `before` as Get Many pages (nodes/shared/api/accountLists.ts).
import type { IDataObject, INodeListSearchItems } from 'n8n-workflow';
import {
	FIRST_FAX_PAGE,
	faxPages,
	readFaxListPage,
	type FaxCursor,
} from '../../../shared/api/accountLists';
import { currentUserId, labelText, matchesFilter, pagesLabel } from '../../shared/search';
import type { ListSearchMethod } from '../../shared/search';
import type { FaxRecord } from './sentFaxes';
import { operationError } from '../../../shared/transport/nodeErrors';

const SEARCH_PAGE_SIZE = 50;
/** Pages read for one search while what the user typed matches too few faxes. */
const PAGES_PER_FILTERED_SEARCH = 5;

/** The cursor the editor hands back (the pagination token this search gave it), or the first page. */
function readCursor(token: string | undefined): FaxCursor {
	try {
		return token
			? { ...FIRST_FAX_PAGE, ...(JSON.parse(token) as Partial<FaxCursor>) }
			: FIRST_FAX_PAGE;
	} catch {
		return FIRST_FAX_PAGE;
	}
}

/** "2025-01-14 10:15 · received from +4930123456 · 2 pages · success"; the comment as description. */
function faxEntry(fax: FaxRecord): INodeListSearchItems {
	const when = labelText(fax.start_time).slice(0, 16);
	const incoming = fax.direction === 'incoming';
	const party = incoming
		? `received from ${labelText(fax.from ?? fax.from_number) || 'unknown'}`
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
	const step = faxPages(async (page) => await readFaxListPage(this, userId, page), {
		pageSize: SEARCH_PAGE_SIZE,
		// The editor asks for the pages one by one: oldest first, they come as Fax.Plus lists them.
		holdOldestFirst: false,
		noStartTime: () => {
			throw operationError(this, {
				message: 'Fax.Plus listed faxes without a start_time, so no more can be loaded',
				description: 'Enter the fax by its ID instead ("By ID").',
			});
		},
	});
	let cursor: FaxCursor | undefined = readCursor(paginationToken);
	const results: INodeListSearchItems[] = [];
	for (let pages = 0; cursor && pages < PAGES_PER_FILTERED_SEARCH; pages++) {
		const page: { fresh: IDataObject[]; next?: FaxCursor } = await step(cursor, 0);
		results.push(
			...(page.fresh as FaxRecord[])
				.filter((fax) => fax.id !== undefined)
				.map(faxEntry)
				.filter((entry: INodeListSearchItems) => matchesFilter(entry, filter)),
		);
		cursor = page.next;
		// Without a filter one page with faxes is what the editor asked for; with one, read on until some match.
		if (page.fresh.length > 0 && (!filter?.trim() || results.length >= SEARCH_PAGE_SIZE)) break;
	}
	return { results, ...(cursor && { paginationToken: JSON.stringify(cursor) }) };
};
