// A manual re-run without a key first asks whether a fax to the number just went out.
import type { IExecuteFunctions } from 'n8n-workflow';
import { outboxFaxes, sentSince } from '../../../../shared/api/accountLists';
import { operationError } from '../../../../shared/transport/nodeErrors';
import { digitsOf, timeOf } from '../../shared/sentFaxes';

const MANUAL_REPEAT_MINUTES = 5;

/** The numbers of an outbox or sent record's `to` (a list in the outbox, one number once sent). */
const numbersOf = (to: unknown): string[] =>
	(Array.isArray(to) ? to : [to]).map(digitsOf).filter((digits) => digits !== '');

/** Refuses the first item of a manual run when a fax to one of its numbers went out minutes ago. */
export async function checkManualRepeat(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	to: string[],
): Promise<void> {
	if (itemIndex !== 0 || context.getMode() !== 'manual') return;
	const since = Date.now() - MANUAL_REPEAT_MINUTES * 60_000;
	const wanted = new Set(to.map(digitsOf));
	const recent = [
		...(await outboxFaxes(context, userId, itemIndex)),
		...(await sentSince(context, itemIndex, userId, since)),
	].filter((record) => timeOf(record) >= since);
	const repeated = recent.find((record) => numbersOf(record.to).some((n) => wanted.has(n)));
	if (!repeated) return;
	const number = to.find((n) => numbersOf(repeated.to).includes(digitsOf(n)));
	throw operationError(context, {
		itemIndex,
		message: `Held back: a fax to ${number} was queued less than ${MANUAL_REPEAT_MINUTES} minutes ago, so this manual run did not send it again`,
		description: `Nothing was sent: in the editor, Send holds back a second fax to a number within ${MANUAL_REPEAT_MINUTES} minutes, since the editor runs Send again when you run a later step after editing it. To send it again now, set Options → Idempotency Key to a new value (a repeat with the same key is answered with the first fax), or run it again after ${MANUAL_REPEAT_MINUTES} minutes. Runs from the workflow's trigger are not checked.`,
	});
}
