// Account lists several resources read: outbox, numbers, sent faxes (faxList.ts).
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { formatUtc } from './dates';
import { FIRST_FAX_PAGE, faxPages, readFaxListPage } from './faxList';
import { entriesOf, collectPages } from './paging';
import { faxPlusApiRequest, type FaxPlusContext } from '../transport/transport';
import { operationError } from '../transport/nodeErrors';

/** An outbox fax record (its fields are named by the SDK's documentation, not the spec). */
export type OutboxFax = Record<string, unknown> & { id?: string };

/** A fax number of the account (beyond the published v3.5 spec; the SDK's), e.g. `number`, `status`, `assigned_to`. */
type FaxNumber = Record<string, unknown> & { number?: string };

/** A reader of one of a user's lists, `/accounts/{user}/{list}`, its entries under `key`. */
function accountList<T extends object>(list: string, key: string) {
	return async (context: FaxPlusContext, userId: string, itemIndex?: number): Promise<T[]> => {
		const path = `/accounts/${encodeURIComponent(userId)}/${list}`;
		return await listAnswer<T>(context, { path, key, itemIndex });
	};
}

export const userNumbers = accountList<FaxNumber>('numbers', 'numbers');

export const outboxFaxes = accountList<OutboxFax>('outbox', 'records');

/** The entries of a list the API answers whole (GET), however the answer wraps them (`key` first). */
export async function listAnswer<T extends object = IDataObject>(
	context: FaxPlusContext,
	request: { path: string; key: string; qs?: IDataObject; itemIndex?: number },
): Promise<T[]> {
	const { path, key, qs, itemIndex } = request;
	const answer = await faxPlusApiRequest<unknown>(context, { method: 'GET', path, qs, itemIndex });
	return entriesOf(answer, key) as T[];
}

export const SENT_PAGE = 200;

/** Every sent fax from `since` on, newest first, all pages or the newest `limit` (nodes/shared/api/faxList.ts). */
export async function sentSince(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	since: number,
	limit?: number,
): Promise<IDataObject[]> {
	const after = formatUtc(new Date(since));
	const step = faxPages(
		async (page) =>
			await readFaxListPage(context, userId, { category: 'sent', after, ...page }, { itemIndex }),
		{
			pageSize: SENT_PAGE,
			floor: since - 1000,
			noStartTime: () => {
				throw operationError(context, {
					itemIndex,
					message:
						'Fax.Plus listed sent faxes without a start_time, so the next page cannot be asked for',
					description: 'The faxes were sent; check them with Fax → Get Many (category "sent").',
				});
			},
		},
	);
	return await collectPages(FIRST_FAX_PAGE, step, limit);
}
