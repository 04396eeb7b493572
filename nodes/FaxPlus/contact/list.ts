import type { IDataObject } from 'n8n-workflow';
import { entriesOf } from '../../api/lists';
import { faxPlusApiRequest, type FaxPlusContext } from '../../api/transport';
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
	const answer = await faxPlusApiRequest<unknown>(context, {
		method: 'GET',
		path: `/accounts/${encodeURIComponent(userId)}/contacts`,
		qs: query as unknown as IDataObject,
		itemIndex,
	});
	return entriesOf(answer, 'contacts') as ContactRecord[];
}
