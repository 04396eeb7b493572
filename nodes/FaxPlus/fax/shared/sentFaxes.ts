// Where a fax of a send is: its outbox fax, or the sent fax matched to it. Fax.Plus documents two
// IDs per outgoing fax (the outbox ID until it is sent, then a fax ID) and no link between them; a
// sent fax is matched by its destination and its submit_time, which the outbox fax also has (see
// docs/sending.md). Used by Send (Wait for Final Status, its checks for a repeat) and Get Status.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { formatUtc, parseDateTime } from '../../../api/dates';
import { faxStatusFields, isFinalStatus, outboxStatusFields } from '../../../api/faxStatuses';
import { FIRST_FAX_PAGE, faxPages, readFaxListPage } from '../../../api/faxList';
import { collectPages } from '../../../api/paging';
import { outboxFaxes } from '../../outbox/list';
import type { OutboxFax } from '../../outbox/types';
import type { FaxRecord } from './types';

/** Sent faxes asked for per page when looking for the ones that left the outbox. */
const SENT_PAGE = 200;

const digitsOf = (number: unknown) => String(number ?? '').replace(/\D/g, '');
export const instantOf = (value: unknown) => parseDateTime(value, 'UTC')?.getTime();
const timeOf = (fax: FaxRecord) => instantOf(fax.submit_time ?? fax.start_time) ?? 0;
export type Match = { fax: FaxRecord; matchedBy: string } | undefined;

/** The sent faxes to a number not matched yet, oldest first. */
const sentTo = (to: string, sent: FaxRecord[], taken = new Set<string>()) =>
	sent
		.filter(
			(fax) =>
				typeof fax.id === 'string' && !taken.has(fax.id) && digitsOf(fax.to) === digitsOf(to),
		)
		.sort((a, b) => timeOf(a) - timeOf(b));

/** The sent fax of an outbox fax: same destination, same submit_time (to the second). */
export function matchSent(
	followed: { to: string; outbox?: OutboxFax },
	sent: FaxRecord[],
	taken: Set<string>,
	sentAfter: number,
): Match {
	const candidates = sentTo(followed.to, sent, taken);
	const submitted = instantOf(followed.outbox?.submit_time);
	if (submitted !== undefined) {
		const same = candidates.find((fax) => instantOf(fax.submit_time) === submitted);
		return same && { fax: same, matchedBy: 'destination and submit_time' };
	}
	// Never seen in the outbox (it left before the first check): the oldest fax to the number since the send.
	const since = candidates.find((fax) => timeOf(fax) >= sentAfter);
	return since && { fax: since, matchedBy: 'destination and time' };
}

/** Every sent fax from `since` on, newest first, all pages or the newest `limit` (nodes/api/faxList.ts). */
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
				throw new NodeOperationError(
					context.getNode(),
					'Fax.Plus listed sent faxes without a start_time, so the next page cannot be asked for',
					{
						itemIndex,
						description: 'The faxes were sent; check them with Fax → Get Many (category "sent").',
					},
				);
			},
		},
	);
	return await collectPages(FIRST_FAX_PAGE, step, limit);
}

/** How far back Get Status looks for a sent fax when it is given no Sent At. */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;
/** The newest sent faxes Get Status reads at most: a Sent At long ago (1970) pages no further. */
const MOST_SENT_LOOKED_AT = 5 * SENT_PAGE;

/**
 * Where one fax of a send is now, in one look: in the outbox (its outbox status), among the sent
 * faxes (that record's status), or not listed yet. `sentAt` is when Send created it; without it the
 * newest sent fax to the number in the last 24 hours is taken.
 */
export async function faxStatusNow(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	fax: { to: string; outboxFaxId: string },
	sentAt: number | undefined,
): Promise<IDataObject> {
	const outbox = await outboxFaxes(context, userId, itemIndex);
	const waiting = outbox.find((record) => record.id === fax.outboxFaxId);
	if (waiting) {
		return {
			...fax,
			where: 'outbox',
			faxId: null,
			status: String(waiting.status ?? 'unknown'),
			...outboxStatusFields(waiting.status),
			final: false,
			pages: (waiting.page_count as number | undefined) ?? null,
		};
	}
	const since = sentAt ?? Date.now() - LOOK_BACK_MS;
	const sent = (await sentSince(
		context,
		itemIndex,
		userId,
		since - 60_000,
		MOST_SENT_LOOKED_AT,
	)) as FaxRecord[];
	const newest = sentTo(fax.to, sent).reduce<FaxRecord | undefined>(
		(found, next) => (found && timeOf(found) >= timeOf(next) ? found : next),
		undefined,
	);
	const match: Match =
		sentAt === undefined
			? newest && { fax: newest, matchedBy: 'destination, the newest in the last 24 hours' }
			: matchSent(fax, sent, new Set(), since - 60_000);
	if (!match) {
		return {
			...fax,
			where: 'unknown',
			faxId: null,
			status: 'unknown',
			statusMeaning:
				sent.length >= MOST_SENT_LOOKED_AT
					? `It is not in the outbox, nor among the newest ${MOST_SENT_LOOKED_AT} sent faxes: check that Sent At is Send's "sentAt", or look it up with Fax → Get Many (Sent).`
					: `It is not in the outbox, and no sent fax to ${fax.to} since ${isoOf(since)} is listed yet: Fax.Plus may still be moving it to the sent faxes. Check again in a minute.`,
			statusRetryable: null,
			final: false,
		};
	}
	const record = match.fax;
	return {
		...fax,
		where: 'sent',
		faxId: record.id as string,
		status: String(record.status ?? 'unknown'),
		...faxStatusFields(record.status),
		final: isFinalStatus(record.status),
		pages: (record.pages as number | undefined) ?? null,
		start_time: isoOf(instantOf(record.start_time ?? record.submit_time)),
		matchedBy: match.matchedBy,
	};
}

const isoOf = (time: number | undefined) =>
	time === undefined ? null : new Date(time).toISOString().replace('.000Z', 'Z');
