import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { locatorValue, requiredString, userIdOf } from '../shared/values';
import { dateTimeValue } from '../shared/dateTimeValue';
import { readPhoneNumbers } from '../../shared/phone/numbers';
import { userIdFields, resourceLocator, fromInput, USER_DEPENDENCY } from '../shared/parameters';
import { toItems } from '../shared/items';
import {
	instantOf,
	matchSent,
	sentTo,
	timeOf,
	type FaxRecord,
	type Match,
} from './shared/sentFaxes';
import { outboxFaxes } from '../../shared/api/accountLists';
import { SENT_PAGE, sentSince } from '../../shared/api/faxList';
import { faxStatusFields, isFinalStatus, outboxStatusFields } from '../../shared/api/faxStatuses';
import { requestScope } from '../shared/requests';
import { operationError } from '../../shared/transport/nodeErrors';
import { FAX_UNTRUSTED } from './shared/fields';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get the status of a sent fax',
	description:
		"Where a fax from Send is now: waiting in the outbox, or sent (success or why it failed); reads Send's outboxFaxId, to and queuedAt from its input",
};

export const untrusted = FAX_UNTRUSTED;

export const toolDescription =
	"Get the current status of a fax that Send queued. Needs Send's outbox ID (outboxFaxId), " +
	'the destination number (to) and, when known, when Send queued it (queuedAt). Looks in the ' +
	'outbox and, once the fax has left it, among the sent faxes. Returns where (outbox, sent ' +
	'or unknown), status, statusMeaning (in words), statusRetryable, final (whether the status ' +
	'will change no more) and, once sent, the fax ID.';

const properties: INodeProperties[] = [
	...userIdFields(),
	resourceLocator({
		displayName: 'Outbox Fax',
		name: 'outboxFaxId',
		description:
			'The outboxFaxId that Send output for this number, read from the input item as it comes; or pick a fax still in the outbox',
		searchListMethod: 'searchOutboxFaxes',
		dependsOn: USER_DEPENDENCY,
		fromInput: 'outboxFaxId',
	}),
	{
		displayName: 'To',
		name: 'to',
		type: 'string',
		default: fromInput('to'),
		required: true,
		placeholder: 'e.g. +4930123456',
		description:
			'The number the fax was sent to: Send\'s "to", read from the input item as it comes. Once sent, the fax is found among the sent faxes by this number.',
	},
	{
		// Named sentAt in saved workflows; it holds when Send queued the fax.
		displayName: 'Queued At',
		name: 'sentAt',
		type: 'dateTime',
		default: fromInput('queuedAt'),
		description:
			'When Send queued the fax: Send\'s "queuedAt", read from the input item as it comes. Empty looks at the newest fax sent to the number in the last 24 hours.',
	},
];

const displayOptions = { show: { resource: ['fax'], operation: ['getStatus'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const userId = userIdOf(this, itemIndex);
	const outboxFaxId = outboxFaxIdOf(this, itemIndex);
	const number = readPhoneNumbers(String(this.getNodeParameter('to', itemIndex, '') ?? ''));
	if (!number.ok || number.numbers.length !== 1) {
		throw operationError(this, {
			itemIndex,
			message: 'To must be the one number the fax was sent to',
			description:
				'Map "to" from Send\'s output (one item per number), e.g. +4930123456, with "+" and the country code.',
		});
	}
	const queuedAt = dateTimeValue(
		this,
		this.getNodeParameter('sentAt', itemIndex, ''),
		'Queued At',
		itemIndex,
	);
	if (outboxFaxId === null && queuedAt === undefined) {
		throw operationError(this, {
			itemIndex,
			message:
				'Outbox Fax and Queued At are both empty: Get Status cannot tell which fax to look for',
			description:
				'Map Send\'s "outboxFaxId" to Outbox Fax, or its "queuedAt" to Queued At (a fax already sent is found by To and Queued At); placed after Send, both read them as they come.',
		});
	}
	const fax = { to: number.numbers[0], outboxFaxId };
	return toItems(await faxStatusNow(this, itemIndex, userId, fax, queuedAt?.getTime()));
}

/** Outbox Fax, or null when empty: a repeat of a fax already sent names no outbox fax. */
function outboxFaxIdOf(context: IExecuteFunctions, itemIndex: number): string | null {
	const given = locatorValue(context.getNodeParameter('outboxFaxId', itemIndex, ''));
	if (given === null || given === undefined || String(given).trim() === '') return null;
	return requiredString(context, 'outboxFaxId', 'Outbox Fax', itemIndex);
}

/** How far back Get Status looks for a sent fax when it is given no Queued At. */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;
/** The newest sent faxes Get Status reads at most: a Queued At long ago (1970) pages no further. */
const MOST_SENT_LOOKED_AT = 5 * SENT_PAGE;

/** Where a fax of a send is now (without `queuedAt`: the newest to the number in 24 h; without an outbox ID: among the sent faxes only). */
export async function faxStatusNow(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	fax: { to: string; outboxFaxId: string | null },
	queuedAt: number | undefined,
): Promise<IDataObject> {
	const outbox =
		fax.outboxFaxId === null
			? []
			: await outboxFaxes(context, userId, requestScope(context, itemIndex));
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
