// The body of Send's outbox request (POST /accounts/{user_id}/outbox) and its answer.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { dateTimeValue, formatSendTime } from '../../../api/dates';
import { KEY_TAG_PREFIX } from '../../shared/keyMarker';
import { retryOf } from '../../shared/retry';
import { choiceOf, listOf, refuseMarker } from '../../shared/values';

/** Body of POST /accounts/{user_id}/outbox. */
export interface OutboxPayload {
	/**
	 * One of the account's numbers (E.164), several separated by commas (Fax.Plus picks one per
	 * destination), or `no_number` for a corporate member without one.
	 */
	from: string;
	to: string[];
	files: string[];
	/** Comment of the fax (the SDK's OutboxComment: `text` and `tags`). */
	comment?: { text?: string; tags?: string[] };
	options?: { enhancement?: boolean; retry?: { count?: number; delay?: number } };
	/** `YYYY-MM-DD HH:mm:ss +HHMM`. */
	send_time?: string;
	return_ids: true;
	cover_page?: CoverPage;
	/**
	 * A fax whose document is sent again (resend, forward), after the uploaded `files`
	 * (apidoc.fax.plus "Send a fax" note; its shape is not in the SDKs: read as the fax's ID).
	 */
	from_fax?: string;
}

interface CoverPage {
	name_to: string;
	name_from: string;
	subject: string;
	message?: string;
	flags?: CoverPageFlag[];
}

/** Answer of POST /accounts/{user_id}/outbox with `return_ids` (the SDK's SendFaxResponse): outbox fax ids by destination number. */
export interface OutboxCreated {
	ids: Record<string, string>;
}

const COVER_PAGE_FLAGS = ['urgent', 'for_review', 'please_reply', 'confidential'] as const;
type CoverPageFlag = (typeof COVER_PAGE_FLAGS)[number];

type OutboxOptions = Pick<OutboxPayload, 'comment' | 'options' | 'send_time' | 'cover_page'>;

/** The optional parts of the outbox body, checked; only what the user set. */
export function outboxOptions(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): OutboxOptions {
	const payload: OutboxOptions = {};
	const comment: NonNullable<OutboxPayload['comment']> = {};
	if (options.comment !== undefined && String(options.comment).trim() !== '')
		comment.text = String(options.comment);
	refuseMarker(context, itemIndex, 'Comment', comment.text ?? '');
	const tags = listOf(options.commentTags);
	const reserved = tags.find((tag) => tag.toLowerCase().startsWith(KEY_TAG_PREFIX));
	if (reserved !== undefined) {
		throw new NodeOperationError(
			context.getNode(),
			`Comment Tags: "${reserved}" starts with "${KEY_TAG_PREFIX}", which is kept for the Idempotency Key's tag`,
			{ itemIndex, description: 'Choose a tag that does not start with it.' },
		);
	}
	if (tags.length > 0) comment.tags = tags;
	if (Object.keys(comment).length > 0) payload.comment = comment;
	const faxOptions: NonNullable<OutboxPayload['options']> = {};
	if (options.enhancement !== undefined) faxOptions.enhancement = options.enhancement === true;
	const retry = retryOf(context, itemIndex, options);
	if (retry) faxOptions.retry = retry;
	if (Object.keys(faxOptions).length > 0) payload.options = faxOptions;
	const sendTime = dateTimeValue(context, options.sendTime, 'Send At', itemIndex);
	if (sendTime) payload.send_time = formatSendTime(sendTime);
	if (options.coverPage !== undefined) {
		const coverPage = coverPageOf(context, itemIndex, options.coverPage as IDataObject);
		if (coverPage) payload.cover_page = coverPage;
	}
	return payload;
}

function coverPageOf(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
): CoverPage | undefined {
	const text = (name: string) => String(fields?.[name] ?? '').trim();
	const flags = (Array.isArray(fields?.flags) ? fields.flags : []).map((flag: unknown) =>
		choiceOf(context, itemIndex, 'Cover Page Flags', flag, COVER_PAGE_FLAGS),
	);
	const coverPage: CoverPage = {
		name_to: text('nameTo'),
		name_from: text('nameFrom'),
		subject: text('subject'),
	};
	if (text('message')) coverPage.message = text('message');
	if (flags.length > 0) coverPage.flags = flags;
	return Object.values(coverPage).some((value) => value.length > 0) ? coverPage : undefined;
}

/** The outbox fax ids by destination number, as the API answers them (none when it answers no ids). */
export function idsOf(answer: OutboxCreated | undefined): Record<string, string> {
	const ids = answer?.ids;
	return ids && typeof ids === 'object' && !Array.isArray(ids) ? { ...ids } : {};
}
