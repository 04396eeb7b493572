// The Contact picker: the chosen user's contacts, searched by Fax.Plus with what the user types, paged by offset.
import type { INodeListSearchItems } from 'n8n-workflow';
import { currentUserId, labelText } from '../shared/locators';
import type { ListSearchMethod } from '../shared/types';
import { contactPage, CONTACTS_PAGE_SIZE } from './list';
import type { ContactListQuery, ContactRecord } from './types';

function contactEntry(contact: ContactRecord): INodeListSearchItems {
	const name = labelText(contact.name) || String(contact.id);
	const company = labelText(contact.company);
	const numbers = Array.isArray(contact.numbers) ? contact.numbers.map(String).join(', ') : '';
	return {
		name: [name, company && `(${company})`, numbers && `– ${numbers}`].filter(Boolean).join(' '),
		value: String(contact.id),
	};
}

export const searchContacts: ListSearchMethod = async function (filter, paginationToken) {
	const offset = Number(paginationToken) > 0 ? Number(paginationToken) : 0;
	const query: ContactListQuery = { offset, limit: CONTACTS_PAGE_SIZE };
	const search = (filter ?? '').trim();
	if (search) query.search = search;
	const page = await contactPage(this, currentUserId(this), query);
	const results = page
		.filter((contact) => typeof contact.id === 'string' && contact.id !== '')
		.map(contactEntry);
	return {
		results,
		paginationToken: page.length === CONTACTS_PAGE_SIZE ? String(offset + page.length) : undefined,
	};
};
