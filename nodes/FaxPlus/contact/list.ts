// The Contacts API (apidoc.fax.plus "List contacts", "Update a contact"; not in the SDK repositories).
import type { FaxPlusContext, RequestScope } from '../../shared/transport/transport';
import { listAnswer } from '../../shared/api/accountLists';
import type { UntrustedField } from '../shared/output';

/** A contact; the reference shows `name`, `company` and `numbers` (E.164), and an ID in the path. */
export type ContactRecord = Record<string, unknown> & {
	id?: string;
	name?: string;
	company?: string;
	numbers?: string[];
};

/** Query of GET /accounts/{user_id}/contacts: search, offset/limit paging, or specific contacts by ID. */
export type ContactListQuery = { search?: string; offset: number; limit: number; ids?: string };

/** The fields of a contact that others wrote. */
export const CONTACT_UNTRUSTED: UntrustedField[] = [
	{ field: 'name', as: 'name' },
	{ field: 'company', as: 'company' },
];

/** Contacts asked for per request (the reference's example uses 50). */
export const CONTACTS_PAGE_SIZE = 50;

export async function contactPage(
	context: FaxPlusContext,
	userId: string,
	query: ContactListQuery,
	scope: RequestScope = {},
): Promise<ContactRecord[]> {
	const path = `/accounts/${encodeURIComponent(userId)}/contacts`;
	return await listAnswer<ContactRecord>(context, { path, key: 'contacts', qs: query, ...scope });
}
