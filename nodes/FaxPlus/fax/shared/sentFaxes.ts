// Where a sent fax is: matched by destination and submit_time (docs/sending.md).
import { parseDateTime } from '../../../shared/api/dates';
import type { OutboxFax } from '../../../shared/api/accountLists';

/** A fax record (GET /accounts/{user_id}/faxes[/{fax_id}]); the spec does not show its fields. */
export type FaxRecord = Record<string, unknown> & { id?: string };

export const digitsOf = (number: unknown) => String(number ?? '').replace(/\D/g, '');
export const instantOf = (value: unknown) => parseDateTime(value, 'UTC')?.getTime();
export const timeOf = (fax: FaxRecord) => instantOf(fax.submit_time ?? fax.start_time) ?? 0;
export type Match = { fax: FaxRecord; matchedBy: string } | undefined;

/** The faxes of `sent` to `to` not yet taken, oldest first. */
export const sentTo = (to: string, sent: FaxRecord[], taken = new Set<string>()) =>
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
