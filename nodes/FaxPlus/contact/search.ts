// The Contact picker: the chosen user's contacts, searched by Fax.Plus with what the user types, paged by offset.
import type { INodeListSearchItems } from 'n8n-workflow';
import { currentUserId, labelText } from '../shared/search';
import type { ListSearchMethod } from '../shared/search';
import {
	entryKey,
	FIRST_OFFSET_PAGE,
	offsetPages,
	type OffsetCursor,
} from '../../shared/api/paging';
import { contactPage, CONTACTS_PAGE_SIZE, type ContactListQuery, type ContactRecord } from './list';

function contactEntry(contact: ContactRecord): INodeListSearchItems {
	const name = labelText(contact.name) || String(contact.id);
	const company = labelText(contact.company);
	const numbers = Array.isArray(contact.numbers) ? contact.numbers.map(String).join(', ') : '';
	return {
		name: [name, company && `(${company})`, numbers && `– ${numbers}`].filter(Boolean).join(' '),
		value: String(contact.id),
	};
}

function readCursor(token: string | undefined): OffsetCursor {
	if (!token) return FIRST_OFFSET_PAGE;
	try {
		const cursor = JSON.parse(token) as Partial<OffsetCursor>;
		const offset = Number(cursor.offset);
		return {
			offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
			last: Array.isArray(cursor.last) ? cursor.last.map(String) : [],
		};
	} catch {
		return FIRST_OFFSET_PAGE;
	}
}

export const searchContacts: ListSearchMethod = async function (filter, paginationToken) {
	const search = (filter ?? '').trim();
	const step = offsetPages(async (offset) => {
		const query: ContactListQuery = { offset, limit: CONTACTS_PAGE_SIZE };
		if (search) query.search = search;
		return await contactPage(this, currentUserId(this), query);
	}, entryKey);
	// A page shorter than asked for is not taken for the last: the next one says (nodes/shared/api/paging.ts).
	const page = await step(readCursor(paginationToken), 0);
	const results = page.fresh
		.filter((contact) => typeof contact.id === 'string' && contact.id !== '')
		.map(contactEntry);
	return { results, ...(page.next && { paginationToken: JSON.stringify(page.next) }) };
};
