// An account's lists the API answers whole: the outbox and the numbers several resources read,
// and listAnswer, which the fax list's pages go through too (faxList.ts).
import type { IDataObject } from 'n8n-workflow';
import { entriesOf } from './pager';
import {
	faxPlusApiRequest,
	type FaxPlusContext,
	type FaxPlusRequest,
	type RequestScope,
} from '../transport/transport';

/** An outbox fax record (its fields are named by the SDK's documentation, not the spec). */
export type OutboxFax = Record<string, unknown> & { id?: string };

/** A fax number of the account (beyond the published v3.5 spec; the SDK's), e.g. `number`, `status`, `assigned_to`. */
type FaxNumber = Record<string, unknown> & { number?: string };

function accountList<T extends object>(list: string, key: string) {
	return async (context: FaxPlusContext, userId: string, scope: RequestScope = {}) => {
		const path = `/accounts/${encodeURIComponent(userId)}/${list}`;
		return await listAnswer<T>(context, { path, key, ...scope });
	};
}

export const userNumbers = accountList<FaxNumber>('numbers', 'numbers');

export const outboxFaxes = accountList<OutboxFax>('outbox', 'records');

/** The entries of a list the API answers whole (GET), however the answer wraps them (`key` first). */
export async function listAnswer<T extends object = IDataObject>(
	context: FaxPlusContext,
	request: Pick<FaxPlusRequest, 'path' | 'qs' | 'rateLimitRetries'> &
		RequestScope & {
			key: string;
		},
): Promise<T[]> {
	const { key, ...rest } = request;
	const answer = await faxPlusApiRequest<unknown>(context, { method: 'GET', ...rest });
	return entriesOf(answer, key) as T[];
}
