// Where a sent fax is: matched by destination and submit_time (docs/sending.md).
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { parseDateTime } from '../../../shared/api/dates';
import { faxStatusFields, isFinalStatus } from '../../../shared/api/faxStatuses';
import { outboxStatusFields } from '../../../shared/api/outboxStatuses';
import { outboxFaxes, type OutboxFax } from '../../../shared/api/accountLists';
import { SENT_PAGE, sentSince } from '../../../shared/api/faxList';
import { requestScope } from '../../shared/requests';

/** A fax record (GET /accounts/{user_id}/faxes[/{fax_id}]); the spec does not show its fields. */
export type FaxRecord = Record<string, unknown> & { id?: string };

export const digitsOf = (number: unknown) => String(number ?? '').replace(/\D/g, '');
export const instantOf = (value: unknown) => parseDateTime(value, 'UTC')?.getTime();
export const timeOf = (fax: FaxRecord) => instantOf(fax.submit_time ?? fax.start_time) ?? 0;
type Match = { fax: FaxRecord; matchedBy: string } | undefined;

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

/** How far back Get Status looks for a sent fax when it is given no Queued At. */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;
/** The newest sent faxes Get Status reads at most: a Queued At long ago (1970) pages no further. */
const MOST_SENT_LOOKED_AT = 5 * SENT_PAGE;

/** Where a fax of a send is now (without `queuedAt`: the newest to the number in 24 h). */
export async function faxStatusNow(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	fax: { to: string; outboxFaxId: string },
	queuedAt: number | undefined,
): Promise<IDataObject> {
	const outbox = await outboxFaxes(context, userId, requestScope(context, itemIndex));
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
	const since = queuedAt ?? Date.now() - LOOK_BACK_MS;
	const sent = (await sentSince(
		context,
		requestScope(context, itemIndex),
		userId,
		since - 60_000,
		MOST_SENT_LOOKED_AT,
	)) as FaxRecord[];
	const newest = sentTo(fax.to, sent).reduce<FaxRecord | undefined>(
		(found, next) => (found && timeOf(found) >= timeOf(next) ? found : next),
		undefined,
	);
	const match: Match =
		queuedAt === undefined
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
					? `It is not in the outbox, nor among the newest ${MOST_SENT_LOOKED_AT} sent faxes: check that Queued At is Send's "queuedAt", or look it up with Fax → Get Many (Sent).`
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
		startTime: isoOf(instantOf(record.start_time ?? record.submit_time)),
		matchedBy: match.matchedBy,
	};
}

const isoOf = (time: number | undefined) =>
	time === undefined ? null : new Date(time).toISOString().replace('.000Z', 'Z');
