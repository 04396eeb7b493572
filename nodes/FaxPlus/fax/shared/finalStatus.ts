// Send → Wait for Final Status: follows each outbox fax until it leaves the outbox and is listed
// as a sent fax, then outputs that record. Fax.Plus documents two IDs per outgoing fax (the
// outbox ID until it is sent, then a fax ID) and no link between them; a sent fax is matched by
// its destination and its submit_time, which the outbox fax also has (see docs/sending.md).
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { formatUtc, parseDateTime } from '../../../api/dates';
import { wholeNumber } from '../../shared/values';
import { faxStatusFields, isFinalStatus, outboxStatusFields } from '../../../api/faxStatuses';
import { FIRST_FAX_PAGE, faxPages, readFaxListPage } from '../../../api/faxList';
import { collectPages } from '../../../api/paging';
import { outboxFaxes } from '../../outbox/list';
import type { OutboxFax } from '../../outbox/types';
import type { FaxRecord } from './types';

/** Fax.Plus watches tight status polling: checks are at least this far apart. */
const FLOOR_SECONDS = 20;
const DEFAULT_CHECK_INTERVAL_SECONDS = 30;
const DEFAULT_MAX_STATUS_CHECKS = 20;
/** Sent faxes asked for per page when looking for the ones that left the outbox. */
const SENT_PAGE = 200;

export const waitForFinalStatusOption: INodeProperties = {
	displayName: 'Wait for Final Status',
	name: 'waitForFinalStatus',
	type: 'boolean',
	default: false,
	description:
		'Whether to wait until each fax is sent or has failed, and output its sent-fax record (one item per destination, with status, statusMeaning, statusRetryable and faxId) instead of the outbox IDs',
};

export const statusCheckIntervalOption: INodeProperties = {
	displayName: 'Status Check Interval (Seconds)',
	name: 'statusCheckInterval',
	type: 'number',
	typeOptions: { minValue: FLOOR_SECONDS },
	default: DEFAULT_CHECK_INTERVAL_SECONDS,
	description: `With Wait for Final Status: seconds between two checks; at least ${FLOOR_SECONDS}, so Fax.Plus is not asked too often`,
};

export const maxStatusChecksOption: INodeProperties = {
	displayName: 'Max Status Checks',
	name: 'maxStatusChecks',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_MAX_STATUS_CHECKS,
	description:
		'With Wait for Final Status: checks before giving up; a fax not finished by then is output with final: false and its outbox status',
};

interface Followed {
	to: string;
	outboxFaxId: string;
	/** The outbox record as last seen. */
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
	if (!Number.isFinite(interval) || interval < FLOOR_SECONDS) {
		throw new NodeOperationError(
			context.getNode(),
			`Status Check Interval (Seconds) must be at least ${FLOOR_SECONDS}, not "${String(options.statusCheckInterval)}"`,
			{ itemIndex, description: 'Fax.Plus is not to be asked more often.' },
		);
	}
	const maxChecks = wholeNumber(context, itemIndex, options.maxStatusChecks, 'Max Status Checks', {
		minimum: 1,
		fallback: DEFAULT_MAX_STATUS_CHECKS,
	});
	return { intervalMs: interval * 1000, maxChecks };
}

const digitsOf = (number: unknown) => String(number ?? '').replace(/\D/g, '');
const instantOf = (value: unknown) => parseDateTime(value, 'UTC')?.getTime();
const timeOf = (fax: FaxRecord) => instantOf(fax.submit_time ?? fax.start_time) ?? 0;
type Match = { fax: FaxRecord; matchedBy: string } | undefined;

/** The sent faxes to a number not matched yet, oldest first. */
const sentTo = (to: string, sent: FaxRecord[], taken = new Set<string>()) =>
	sent
		.filter(
			(fax) =>
				typeof fax.id === 'string' && !taken.has(fax.id) && digitsOf(fax.to) === digitsOf(to),
		)
		.sort((a, b) => timeOf(a) - timeOf(b));

/** The sent fax of an outbox fax: same destination, same submit_time (to the second). */
function matchSent(
	followed: Followed,
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

function finalItem(followed: Followed, fax: FaxRecord, matchedBy: string): IDataObject {
	return {
		...(fax as IDataObject),
		faxId: fax.id as string,
		outboxFaxId: followed.outboxFaxId,
		to: followed.to,
		...faxStatusFields(fax.status),
		final: true,
		matchedBy,
	};
}

function unfinishedItem(followed: Followed, checks: number): IDataObject {
	const outboxStatus = followed.outbox?.status;
	const where =
		followed.outbox === undefined
			? 'it left the outbox, but no sent fax matching it is listed yet'
			: `it is still in the outbox, status "${String(outboxStatus)}"`;
	return {
		faxId: null,
		outboxFaxId: followed.outboxFaxId,
		to: followed.to,
		status: typeof outboxStatus === 'string' ? outboxStatus : 'unknown',
		statusMeaning: `Not finished after ${checks} checks: ${where}. Check again later with Outbox → Get or Fax → Get Many (category "sent").`,
		statusRetryable: null,
		final: false,
	};
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

/**
 * Checks the outbox (and, for faxes that left it, the sent list) until every fax is matched or
 * `maxChecks` checks were made, `intervalMs` apart, sleeping with n8n's sleep. One item per destination.
 */
export async function waitForFinalStatus(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	ids: Record<string, string>,
	settings: { intervalMs: number; maxChecks: number },
	sentAt: number,
): Promise<IDataObject[]> {
	const followed: Followed[] = Object.entries(ids).map(([to, outboxFaxId]) => ({
		to,
		outboxFaxId,
	}));
	const taken = new Set<string>();
	let checks = 0;
	const signal = context.getExecutionCancelSignal?.();
	while (true) {
		checks++;
		const outbox = await outboxFaxes(context, userId, itemIndex);
		const inOutbox = new Map(outbox.map((record) => [record.id, record]));
		const left: Followed[] = [];
		for (const entry of followed) {
			if (entry.result) continue;
			const record = inOutbox.get(entry.outboxFaxId);
			if (record) entry.outbox = record;
			else left.push(entry);
		}
		if (left.length > 0) {
			const earliest = Math.min(
				sentAt,
				...left.map((entry) => instantOf(entry.outbox?.submit_time) ?? sentAt),
			);
			const sent = (await sentSince(context, itemIndex, userId, earliest - 60_000)) as FaxRecord[];
			for (const entry of left) {
				const match = matchSent(entry, sent, taken, sentAt - 60_000);
				if (!match) continue;
				taken.add(match.fax.id as string);
				entry.result = finalItem(entry, match.fax, match.matchedBy);
			}
		}
		const open = followed.filter((entry) => !entry.result);
		if (open.length === 0 || checks >= settings.maxChecks || signal?.aborted) break;
		await sleep(settings.intervalMs);
	}
	return followed.map((entry) => entry.result ?? unfinishedItem(entry, checks));
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
