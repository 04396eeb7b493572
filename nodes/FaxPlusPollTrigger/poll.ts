// The polling trigger's poll(): `poller()`, one poll in one run; cursors move only once every
// request succeeded. "Fetch Test Event" (`fetchTestEvent`) below it, then the helpers.
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IPollFunctions,
} from 'n8n-workflow';
import { readPhoneNumbers } from '../shared/phone/numbers';
import { formatUtc } from '../shared/api/dates';
import { FIRST_FAX_PAGE, faxPages, readFaxListPage, startSecondOf } from '../shared/api/faxList';
import { collectPages } from '../shared/api/pager';
import { isFinalStatus } from '../shared/api/faxStatuses';
import { withDocument } from '../shared/triggers/document';
import { faxFieldsOf, idOf, isObject, withIsoTimeValues } from '../shared/triggers/output';
import { matchesStatuses, readOptions } from '../shared/triggers/settings';
import { checkDocumentOptions, readSubscription } from '../shared/triggers/checks';
import { nodeErrorOf, operationError, refusalOf } from '../shared/transport/nodeErrors';
import { n8nPollBudgetMs, skippedCheckRefusal, skipsDuplicateCheck } from '../shared/n8n/triggers';
import { logDebug } from '../shared/logging/log';
import { errorText } from '../shared/logging/errorText';
import { LOG_WINDOW_MS, logThrottledWarning, Throttle } from '../shared/logging/throttle';
import { CategoryCursor, DEFAULT_OVERLAP_MINUTES, type SelectedFax } from './cursor';

/** The events the fax list can tell, and the list category each one reads (as Fax.Plus's SDKs name them). */
const CATEGORY_OF_EVENT = { fax_received: 'inbox', fax_sent: 'sent' } as const;

type PollEvent = keyof typeof CATEGORY_OF_EVENT;
type PolledCategory = (typeof CATEGORY_OF_EVENT)[PollEvent];

export const POLL_EVENTS = Object.keys(CATEGORY_OF_EVENT) as PollEvent[];

/** Faxes asked for per request: the limit Fax.Plus documents as its default, so it is honoured. */
const PAGE_SIZE = 50;
/** Longest wait for one answer; a poll's own budget (n8n's) may shorten it. */
const REQUEST_TIMEOUT_MS = 60_000;
/** n8n's budget for a poll when the engine does not say (its default). */
const DEFAULT_POLL_BUDGET_MS = 5 * 60_000;
const CURSORS_KEY = 'pollCursors';
/** The item field that marks a second look ("Look Again After"); the run removes it (execute.ts). */
export const AGAIN_FIELD = 'lookAgain';

/** A poll, or the run's execute() phase when it fetches a test event. */
type PollingContext = IPollFunctions | IExecuteFunctions;

type PollSettings = ReturnType<typeof readSettings>;

type FoundFax = SelectedFax<IDataObject> & { event: PollEvent };

const REFUSAL = skippedCheckRefusal('Fax.Plus Polling Trigger', "a poll's faxes");

/** The node's poll(), one per node instance (so per process: nodes/shared/n8n/README.md): an overlapping poll is skipped. */
export function poller() {
	const running = new Set<string>();
	const throttle = new Throttle(LOG_WINDOW_MS);
	return async function (this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		if (this.getMode() === 'manual') {
			refuseWithoutCheck(this);
			return await fetchTestEvent(this);
		}
		const settings = readSettings(this);
		const node = this.getNode();
		const scope = `${this.getWorkflow().id ?? ''}:${node.id ?? node.name}`;
		// A poll that outlasts the interval must not run beside the next one: both would emit the same faxes.
		if (running.has(scope)) {
			logDebug(this, 'poll skipped: the previous poll of this trigger is still running', {
				event: 'poll_skipped',
			});
			return null;
		}
		running.add(scope);
		try {
			refuseWithoutCheck(this);
			return await pollOnce(this, settings);
		} catch (error) {
			logThrottledWarning(
				this,
				throttle,
				'poll_failed',
				`poll failed, nothing was emitted; the next poll lists the same faxes again: ${errorText(error)}`,
				{ event: 'poll_failed' },
			);
			throw nodeErrorOf(this, error);
		} finally {
			running.delete(scope);
		}
	};
}

/** Where n8n would pass a poll's faxes on without the run's execute(): nothing is listed, activation fails. */
function refuseWithoutCheck(context: IPollFunctions): void {
	if (skipsDuplicateCheck(context)) throw operationError(context, REFUSAL);
}

/** "Fetch Test Event": the newest fax that passes the filters, cursors untouched. */
export async function fetchTestEvent(context: PollingContext) {
	const settings = readSettings(context);
	const deadline = Date.now() + (n8nPollBudgetMs(context) ?? DEFAULT_POLL_BUDGET_MS);
	let latest: FoundFax | undefined;
	for (const event of settings.events) {
		for (const record of await listPage(context, CATEGORY_OF_EVENT[event], {}, deadline)) {
			const id = idOf(record.id);
			const startTime = startSecondOf(record) ?? -Infinity;
			if (id === undefined || !passesFilters(settings, record)) continue;
			if (!latest || startTime > latest.startTime) {
				const final = isFinalStatus(record.status);
				latest = { event, id, startTime, status: record.status, record, final, again: false };
			}
		}
	}
	if (!latest) return null;
	const { json } = itemOf(latest, new Date().toISOString());
	if (!settings.options.downloadDocument) return [[{ json }]];
	return [[await withDocument(context, settings.options, json)]];
}

async function pollOnce(context: IPollFunctions, settings: PollSettings) {
	const now = Date.now();
	const deadline = now + (n8nPollBudgetMs(context) ?? DEFAULT_POLL_BUDGET_MS);
	const { overlapMs, lookAgainMs } = settings;
	const staticData = context.getWorkflowStaticData('node');
	const saved = isObject(staticData[CURSORS_KEY]) ? staticData[CURSORS_KEY] : {};

	const cursors: Array<[PolledCategory, CategoryCursor, number]> = [];
	const found: FoundFax[] = [];
	const counts = { listed: 0, heldBack: 0, filteredOut: 0 };
	for (const [index, event] of settings.events.entries()) {
		const category = CATEGORY_OF_EVENT[event];
		const restored = CategoryCursor.restore(saved[category]);
		// No cursor yet (first activation, or an event just added): what is listed now is history.
		const cursor = restored ?? CategoryCursor.start(now, overlapMs);
		const since = cursor.windowStart(now, overlapMs);
		const listed = [];
		const range = { now, deadline, shareMs: 0, overlapMs };
		// Faxes due for a second look from before the window: their own stretch, read whole first.
		const due = cursor.dueSpan(now);
		const again =
			due && due[0] < since
				? await listSince(context, category, { ...range, since: due[0], to: due[1] + 1000 })
				: { records: [] };
		const shareMs = (deadline - Date.now()) / (settings.events.length - index);
		const read = await listSince(context, category, { ...range, since, shareMs }, restored);
		for (const record of [...again.records, ...read.records]) {
			const id = idOf(record.id);
			const startTime = startSecondOf(record);
			// Without an id or a start_time a fax can be neither placed in the window nor recognised again.
			if (id !== undefined && startTime !== undefined)
				listed.push({ id, startTime, status: record.status, record });
		}
		// The due read lists every due fax from before the window; the main read those up to `until`.
		const [history, until] = [!restored, read.until];
		for (const fax of cursor.select(listed, { now, overlapMs, history, lookAgainMs, until })) {
			if (passesFilters(settings, fax.record, fax.final)) found.push({ event, ...fax });
			else counts.filteredOut++;
		}
		counts.listed += listed.length;
		counts.heldBack += listed.filter(
			(fax) => fax.startTime >= since && !cursor.isHandled(fax.id),
		).length;
		// After a backlog's part the next window starts at its end, or where a fax may still be listed.
		cursors.push([category, cursor, Math.min((read.until ?? now) + overlapMs, now)]);
	}

	// Oldest first (a stable sort keeps the API's order within one second).
	found.sort((a, b) => a.startTime - b.startTime);
	const polledAt = new Date().toISOString();
	const items = found.map((fax) => itemOf(fax, polledAt));

	// Categories no longer selected are dropped: selected again, they start afresh.
	const next: IDataObject = {};
	for (const [category, cursor, at] of cursors) {
		cursor.advance(at, overlapMs);
		next[category] = cursor.snapshot();
	}
	staticData[CURSORS_KEY] = next;
	logDebug(
		context,
		`poll: Fax.Plus listed ${counts.listed} faxes, ${items.length} emitted, ${counts.heldBack} held back while in progress, ${counts.filteredOut} filtered out; cursors ${cursors
			.map(([category, , at]) => `${category} ${new Date(at).toISOString()}`)
			.join(', ')}`,
		{
			event: 'poll',
			...counts,
			emitted: items.length,
			faxIds: found.map((fax) => fax.id).join(','),
		},
	);
	return items.length > 0 ? [items] : null;
}

function readSettings(context: PollingContext) {
	const refuse = refusalOf(context);
	const { events, channels } = readSubscription(context, POLL_EVENTS);
	const unsupported = events.find((event) => !POLL_EVENTS.includes(event as PollEvent));
	if (unsupported !== undefined) {
		throw refuse(
			`Trigger On: "${unsupported}" cannot be polled`,
			`The fax list holds whole faxes only: use ${POLL_EVENTS.join(', ')}. For single pages use the Fax.Plus Trigger (webhooks).`,
		);
	}
	const options = readOptions(context);
	checkDocumentOptions(context, options);
	const given = context.getNodeParameter('options', {}) as IDataObject;
	const msOf = (name: string, value: unknown, minutes: number) => {
		if (value === undefined || value === '') return minutes * 60_000;
		if (!(Number(value) >= 0)) throw refuse(`${name} must be 0 or more, not "${String(value)}"`);
		return Number(value) * 60_000;
	};
	return {
		events: events as PollEvent[],
		channels,
		options,
		overlapMs: msOf('Late Fax Window (Minutes)', given.overlapMinutes, DEFAULT_OVERLAP_MINUTES),
		lookAgainMs: msOf('Look Again After (Minutes)', given.lookAgainMinutes, 0),
	};
}

/** The numbers filter and Only Fax Statuses (a fax that never became final always passes). */
function passesFilters(settings: PollSettings, record: IDataObject, final = true): boolean {
	const numbers = [record.from, record.from_number, record.to, record.to_number]
		.flat()
		.flatMap((value) => {
			const result = typeof value === 'string' ? readPhoneNumbers(value) : undefined;
			return result?.ok ? result.numbers : [];
		});
	const { channels, options } = settings;
	return (
		(channels.length === 0 || numbers.some((number) => channels.includes(number))) &&
		(!final || matchesStatuses(options.statuses, record.status))
	);
}

async function listPage(
	context: PollingContext,
	category: PolledCategory,
	query: { after?: string; before?: string; limit?: number },
	deadline: number,
): Promise<IDataObject[]> {
	const timeout = Math.min(REQUEST_TIMEOUT_MS, deadline - Date.now());
	if (timeout <= 0) {
		throw operationError(context, {
			message: 'The poll ran out of time before Fax.Plus listed every new fax',
			description: 'Nothing was emitted; the next poll lists the same faxes again.',
		});
	}
	return await readFaxListPage(
		context,
		'self',
		{ category, limit: PAGE_SIZE, ...query },
		// A 429 fails this poll, which keeps its cursor: the next poll is the retry.
		{ timeout, rateLimitRetries: 0 },
	);
}

// Every fax of a category with a start_time from `since` on. Where the faxes before the Late Fax
// Window (read whole by each poll) take over a third of `shareMs`, only those up to `until`: a
// backlog's oldest part, read in parts from the window's start, each whole. Not for a first poll's
// history (no `cursor`).
async function listSince(
	context: IPollFunctions,
	category: PolledCategory,
	range: {
		since: number;
		to?: number;
		now: number;
		deadline: number;
		shareMs: number;
		overlapMs: number;
	},
	cursor?: CategoryCursor,
): Promise<{ records: IDataObject[]; until?: number }> {
	const { since, now, deadline, shareMs, overlapMs } = range;
	const [start, end] = [Date.now(), Date.now() + shareMs];
	const refuse = refusalOf(context);
	const noStartTime = () => {
		throw refuse(
			'Fax.Plus listed faxes without a start_time, so the next page cannot be asked for',
			'Nothing was emitted; the next poll tries again.',
		);
	};
	// The faxes from `from` on (before `to`), newest first; cut at `cutAt` once before the window.
	const read = async (from: number, to: number | undefined, cutAt: number) => {
		const [after, before] = [from - 1000, to].map((ms) =>
			ms === undefined ? ms : formatUtc(new Date(ms)),
		);
		const step = faxPages(
			async (page) => await listPage(context, category, { after, before, ...page }, deadline),
			// An API that ignores `after` would page through all history: the window is enough.
			{ pageSize: PAGE_SIZE, before, floor: from - 1000, noStartTime },
		);
		let [oldest, cut] = [Infinity, false];
		const records = await collectPages(FIRST_FAX_PAGE, async (page, collected) => {
			cut = !!cursor && collected > 0 && Date.now() > cutAt && oldest < now - overlapMs;
			const next = cut ? { fresh: [] } : await step(page, collected);
			for (const fax of next.fresh) oldest = Math.min(oldest, startSecondOf(fax) ?? Infinity);
			return next;
		});
		return { records, oldest, cut };
	};
	const whole = await read(since, range.to, start + shareMs / 3);
	if (!cursor || !whole.cut) return { records: whole.records };
	// A backlog: in parts from the window's start, each sized to take a third of the time left
	// at the pace of the last read (how much start_time its pages covered a millisecond).
	const windowStart = cursor.windowStart(now, overlapMs);
	const records: IDataObject[] = [];
	let [from, pace, span] = [windowStart, (now - whole.oldest) / (Date.now() - start), Infinity];
	for (;;) {
		const [begun, left] = [Date.now(), end - Date.now()];
		span = Math.max(2000, Math.min(4 * span, (pace * left) / 3));
		const to = Math.floor(Math.min(from + span, whole.oldest + 1000) / 1000) * 1000;
		const part = await read(from, to, begun + left / 2);
		const ms = Math.max(1, Date.now() - begun);
		// Cut with nothing whole read and no time for a smaller part: the next poll starts here again.
		const late = Date.now() > start + (2 * shareMs) / 3;
		if (part.cut && (records.length > 0 || from > windowStart || late))
			return { records, until: from };
		if (part.cut) {
			if (to - from <= 2000)
				throw refuse(
					"Fax.Plus's list is too slow to read even two seconds of it within the poll's time",
					'Nothing was emitted; the next poll tries again.',
				);
			[pace, span] = [(to - part.oldest) / ms, Infinity];
			continue;
		}
		records.push(...part.records);
		// Up to what the first read holds: all of it.
		if (to > whole.oldest) return { records: [...records, ...whole.records] };
		if (late) return { records, until: to };
		[from, pace] = [to, (to - from) / ms];
	}
}

function itemOf(fax: FoundFax, polledAt: string): INodeExecutionData {
	const { event, record, final, again } = fax;
	const json = {
		event,
		...faxFieldsOf(record),
		statusFinal: final,
		polledAt,
		data: withIsoTimeValues(record),
	};
	return { json: again ? { ...json, [AGAIN_FIELD]: true } : json };
}
