// Send → Wait for Final Status: follows each outbox fax to its sent-fax record.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { wholeNumber } from '../../shared/values';
import { faxStatusFields } from '../../../shared/api/faxStatuses';
import { outboxFaxes, type OutboxFax } from '../../../shared/api/accountLists';
import { sentSince } from '../../../shared/api/faxList';
import { instantOf, matchSent, type FaxRecord } from '../shared/sentFaxes';
import { operationError } from '../../../shared/transport/nodeErrors';
import { withIsoTimes } from '../../shared/items';
import {
	STATUS_CHECK_FLOOR_SECONDS,
	DEFAULT_CHECK_INTERVAL_SECONDS,
	DEFAULT_MAX_STATUS_CHECKS,
} from './properties';
import { requestScope } from '../../shared/requests';

interface Followed {
	to: string;
	outboxFaxId: string;
	outbox?: OutboxFax;
	result?: IDataObject;
}

/** Whether Send waits, and how: checked before anything is sent. */
export function finalStatusSettings(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): { intervalMs: number; maxChecks: number } | undefined {
	if (options.waitForFinalStatus !== true) return undefined;
	const interval = Number(options.statusCheckInterval ?? DEFAULT_CHECK_INTERVAL_SECONDS);
	if (!Number.isFinite(interval) || interval < STATUS_CHECK_FLOOR_SECONDS) {
		throw operationError(context, {
			itemIndex,
			message: `Status Check Interval (Seconds) must be at least ${STATUS_CHECK_FLOOR_SECONDS}, not "${String(options.statusCheckInterval)}"`,
			description: 'Fax.Plus is not to be asked more often.',
		});
	}
	const maxChecks = wholeNumber(context, itemIndex, options.maxStatusChecks, 'Max Status Checks', {
		minimum: 1,
		fallback: DEFAULT_MAX_STATUS_CHECKS,
	});
	return { intervalMs: interval * 1000, maxChecks };
}

function unfinishedItem(followed: Followed, checks: number, failure?: string): IDataObject {
	const outboxStatus = followed.outbox?.status;
	const where =
		followed.outbox === undefined
			? 'it left the outbox, but no sent fax matching it is listed yet'
			: `it is still in the outbox, status "${String(outboxStatus)}"`;
	// The fax is sent either way: an error here would invite sending it again.
	const why = failure
		? `Sent, but check ${checks} of its status failed (${failure.slice(0, 200).split('. ')[0]})`
		: `Not finished after ${checks} checks: ${where}`;
	return {
		faxId: null,
		outboxFaxId: followed.outboxFaxId,
		to: followed.to,
		status: typeof outboxStatus === 'string' ? outboxStatus : 'unknown',
		statusMeaning: `${why}. Check again later with Outbox → Get or Fax → Get Many (category "sent").`,
		statusRetryable: null,
		final: false,
	};
}

/** Checks until every fax is matched or `maxChecks` were made; one item per destination. */
export async function waitForFinalStatus(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	ids: Record<string, string>,
	settings: { intervalMs: number; maxChecks: number },
	queuedAt: number,
): Promise<IDataObject[]> {
	const followed: Followed[] = Object.entries(ids).map(([to, outboxFaxId]) => ({
		to,
		outboxFaxId,
	}));
	const taken = new Set<string>();
	let checks = 0;
	const signal = context.getExecutionCancelSignal?.();
	let failure: string | undefined;
	while (true) {
		checks++;
		failure = await check().then(
			() => undefined,
			(error: Error) => (signal?.aborted ? Promise.reject(error) : error.message),
		);
		const done = followed.every((entry) => entry.result);
		if (failure || done || checks >= settings.maxChecks || signal?.aborted) break;
		await sleep(settings.intervalMs);
	}
	return followed.map((entry) => entry.result ?? unfinishedItem(entry, checks, failure));

	async function check() {
		const outbox = await outboxFaxes(context, userId, requestScope(context, itemIndex));
		const inOutbox = new Map(outbox.map((record) => [record.id, record]));
		const left: Followed[] = [];
		for (const entry of followed) {
			if (entry.result) continue;
			const record = inOutbox.get(entry.outboxFaxId);
			if (record) entry.outbox = record;
			else left.push(entry);
		}
		if (left.length === 0) return;
		const earliest = Math.min(
			queuedAt,
			...left.map((entry) => instantOf(entry.outbox?.submit_time) ?? queuedAt),
		);
		const sent = (await sentSince(
			context,
			requestScope(context, itemIndex),
			userId,
			earliest - 60_000,
		)) as FaxRecord[];
		for (const entry of left) {
			const { fax, matchedBy } = matchSent(entry, sent, taken, queuedAt - 60_000) ?? {};
			if (!fax) continue;
			taken.add(fax.id as string);
			const { to, outboxFaxId } = entry;
			const status = faxStatusFields(fax.status);
			entry.result = {
				...withIsoTimes(fax as IDataObject),
				faxId: fax.id,
				outboxFaxId,
				to,
				...status,
				final: true,
				matchedBy,
			};
		}
	}
}

/** Send's items as an agent reads them: each with a message on what happens next and how to follow it. */
export function queuedForAgent(items: IDataObject[]): IDataObject[] {
	return items.map((item) => ({
		...item,
		message:
			`The fax to ${String(item.to)} was accepted and queued in the Fax.Plus outbox (outbox ID ${String(item.outboxFaxId)}); Fax.Plus sends it ${item.scheduledFor ? `at ${String(item.scheduledFor)}` : 'now'}. ` +
			'Sending takes a few minutes (converting, dialling, retries when the line is busy). ' +
			'To check on it: Fax → Get Status with its outboxFaxId, to and queuedAt finds it wherever it is (status, statusMeaning, final, and once sent its fax ID). ' +
			'While it waits or is being sent, Outbox → Get with its outbox ID gives its status (submitted, converting, scheduled_for_sending, sending); ' +
			'once sent it leaves the outbox (Outbox → Get then answers that it is not found) and appears under a new fax ID in Fax → Get Many with category "sent", ' +
			'whose status is "success" or a failure such as "failed_user_busy". Cancel it before then with Outbox → Delete. ' +
			'Calling Send again with the same numbers and documents does not fax them again: it answers duplicate: true.',
	}));
}
