import type { FaxPlusContext } from '../../shared/transport/transport';
import { listAnswer } from '../../shared/api/accountLists';
import type { ContactListQuery, ContactRecord } from './types';

/** Contacts asked for per request (the reference's example uses 50). */
export const CONTACTS_PAGE_SIZE = 50;

/** One page of contacts (the answer read as a list, whichever key holds it). */
export async function contactPage(
	context: FaxPlusContext,
	userId: string,
	query: ContactListQuery,
	itemIndex?: number,
): Promise<ContactRecord[]> {
	const path = `/accounts/${encodeURIComponent(userId)}/contacts`;
	return await listAnswer<ContactRecord>(context, { path, key: 'contacts', qs: query, itemIndex });
}
