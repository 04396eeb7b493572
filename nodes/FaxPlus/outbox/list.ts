import type { FaxPlusContext } from '../../api/transport';
import { listAnswer } from '../shared/paging';
import type { OutboxFax } from './types';

/** The faxes waiting in a user's outbox (the API answers them all at once). */
export async function outboxFaxes(
	context: FaxPlusContext,
	userId: string,
	itemIndex?: number,
): Promise<OutboxFax[]> {
	const path = `/accounts/${encodeURIComponent(userId)}/outbox`;
	return await listAnswer<OutboxFax>(context, { path, key: 'records', itemIndex });
}
