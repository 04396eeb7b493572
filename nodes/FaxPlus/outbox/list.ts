import { entriesOf } from '../../api/lists';
import { faxPlusApiRequest, type FaxPlusContext } from '../../api/transport';
import type { OutboxFax } from './types';

/** The faxes waiting in a user's outbox (the API answers them all at once). */
export async function outboxFaxes(
	context: FaxPlusContext,
	userId: string,
	itemIndex?: number,
): Promise<OutboxFax[]> {
	const answer = await faxPlusApiRequest<unknown>(context, {
		method: 'GET',
		path: `/accounts/${encodeURIComponent(userId)}/outbox`,
		itemIndex,
	});
	return entriesOf(answer, 'records') as OutboxFax[];
}
