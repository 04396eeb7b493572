// Send: checks everything, uploads the documents, then creates the outbox fax (one per number).
// Entry: execute(), read top-down; its steps' helpers below it.
import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';
import { formatSendTime, isoTime } from '../../../shared/api/dates';
import { dateTimeValue } from '../../shared/dateTimeValue';
import { choiceOf, wholeNumber, requiredString, userIdOf, listOf } from '../../shared/values';
import { retryOf } from '../../shared/retry';
import { apiRequest } from '../../shared/requests';
import { nodeErrorOf, operationError, refusalOf } from '../../../shared/transport/nodeErrors';
import { saveFaxCustomData } from '../../../shared/logging/customData';
import { logDebug } from '../../../shared/logging/log';
import { toItems } from '../../shared/items';
import { sendOption } from '../../shared/parameters';
import { runsAsTool } from '../../../shared/n8n/executeContext';
import { KEY_TAG_PREFIX, refuseMarker } from '../../shared/idempotencyKeyMarker';
import { updateDisplayOptions, type AgentRisk } from '../../shared/display';
import { DEFAULT_MAX_PAGES, DOCUMENT_SOURCES, properties, type DocumentSource } from './properties';
import { destinationsOf, senderOf } from './destinations';
import {
	checkTotal,
	countedDocument,
	type CountedDocument,
	documentInMemory,
	readDocuments,
	type FaxDocument,
	uploadDocument,
} from './documents';
import { fetchDocuments } from './documentUrls';
import { finalStatusSettings, waitForFinalStatus, queuedForAgent } from './finalStatus';
import { sendKeyOf, manualRepeatOf, type KeyHold } from './idempotency/keyLookups';

export const option: INodePropertyOptions = {
	name: 'Send',
	value: 'send',
	action: 'Send a fax',
	description:
		'Send a fax to one or more numbers, now or at a set time: from files, text, URLs or an existing fax',
};

export const agentRisk: AgentRisk = { kind: 'spends' };
/** One at a time, in order: each uploads its files and sends a fax that costs money; a failure stops the rest. */
export const maxItemsAtOnce = 1;
/** Its answer is its own: what was sent, and where. */
export const untrusted: never[] = [];

export const toolDescription =
	'Send a fax with Fax.Plus to one or more fax numbers. Needs the numbers in E.164 format (+ ' +
	'and the country code), separated by commas, and the document (text or an http(s) URL, as ' +
	'the tool is set up). Returns, per number, the outbox ID of the queued fax and how to check ' +
	'its status later (Fax → Get Status with outboxFaxId, to and queuedAt). The same fax again ' +
	'within 24 hours is not faxed twice (duplicate: true); a refusal names the number and sends ' +
	'nothing.';

const displayOptions = { show: { resource: ['fax'], operation: ['send'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const userId = userIdOf(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const to = destinationsOf(this, itemIndex, options);
	const from = senderOf(this, itemIndex);
	const waitSettings = finalStatusSettings(this, itemIndex, options);
	const payload = outboxOptions(this, itemIndex, options);
	const format = choiceOf(this, itemIndex, 'Upload Format', options.uploadFormat || 'auto', [
		'auto',
		'pdf',
		'tiff',
	] as const);
	const uploadFormat = format === 'auto' ? undefined : format;
	const source = choiceOf(
		this,
		itemIndex,
		'Document Source',
		String(this.getNodeParameter('documentSource', itemIndex, 'binary') ?? '').trim(),
		DOCUMENT_SOURCES,
	);
	const fromFax =
		source === 'fax' ? requiredString(this, 'fromFax', 'Fax to Send Again', itemIndex) : undefined;
	const given = source === 'fax' ? [] : await documentsOf(this, itemIndex, source, options);
	// From here on each document has the type its bytes say, as it is counted and uploaded.
	const { documents, pages } = await checkPages(this, itemIndex, given, options.maxPages);
	const key = await sendKeyOf(this, itemIndex, options, {
		userId,
		to,
		from,
		documents,
		fromFax,
		faxOptions: { ...payload, comment: undefined, uploadFormat },
	});
	const duplicate = (found: IDataObject[]) => {
		const event = { event: 'send_duplicate', itemIndex };
		logDebug(this, 'Send answered a duplicate: Fax.Plus has this fax', event);
		return toItems(found);
	};
	// The key's protocol: look → (upload) → hold → (outbox request) → release; stopped before: abandon.
	// Without a key, a manual run's repeat is answered by asking Fax.Plus.
	const found = await (key?.look() ?? manualRepeatOf(this, itemIndex, { userId, to, from }));
	if (found) return duplicate(found);

	// Everything is checked: upload the files, then create the outbox fax.
	const files: string[] = [];
	const body = {
		from,
		to,
		files,
		...payload,
		...(key && { comment: key.comment(payload.comment) }),
		return_ids: true,
		// A fax whose document is sent again after `files` (apidoc "Send a fax" note).
		...(fromFax !== undefined && { from_fax: fromFax }),
	};
	const queuedAt = Date.now();
	let hold: KeyHold | undefined;
	try {
		for (const document of documents) {
			files.push(
				await uploadDocument(this, itemIndex, userId, document, uploadFormat ?? document.format),
			);
		}
		if (files.length > 0)
			logDebug(this, `Send uploaded ${files.length} document(s)`, {
				event: 'send_uploaded',
				itemIndex,
				files: files.length,
			});
		hold = await key?.hold();
	} catch (error) {
		// Nothing was asked of Fax.Plus: the key's claim is taken back.
		await key?.abandon();
		throw nodeErrorOf(this, error, itemIndex);
	}
	if (hold && 'duplicate' in hold) return duplicate(hold.duplicate);
	const answer = await apiRequest<{ ids?: unknown } | undefined>(this, {
		method: 'POST',
		path: `/accounts/${encodeURIComponent(userId)}/outbox`,
		body,
		itemIndex,
	}).catch(async (error: unknown) => {
		await hold?.release(error);
		throw nodeErrorOf(this, error, itemIndex);
	});
	await hold?.release();

	const ids = idsOf(answer);
	const outboxIds = Object.values(ids);
	logDebug(this, `Send created outbox fax(es) ${outboxIds.join(', ') || '(no IDs answered)'}`, {
		event: 'send_created',
		itemIndex,
		outboxIds: outboxIds.join(','),
	});
	saveFaxCustomData(
		this,
		{ outboxIds, from, to },
		{ numbers: options.saveNumbersInCustomData === true },
	);
	if (waitSettings)
		return toItems(await waitForFinalStatus(this, itemIndex, userId, ids, waitSettings, queuedAt));
	// One item per destination: what the whole send shares follows `outboxFaxId` and `to`.
	const items = to.map((number) => ({
		outboxFaxId: ids[number] ?? null,
		to: number,
		from,
		queuedAt: new Date(queuedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
		...(body.send_time && { scheduledFor: isoTime(body.send_time) as string }),
		...(pages !== undefined && { pages }),
		...(fromFax !== undefined && { fromFax }),
		...(key && { commentTag: key.tag }),
	}));
	return toItems(runsAsTool(this) ? queuedForAgent(items) : items);
}

async function documentsOf(
	context: IExecuteFunctions,
	itemIndex: number,
	source: Exclude<DocumentSource, 'fax'>,
	options: IDataObject,
): Promise<FaxDocument[]> {
	if (source === 'url') {
		const urls = context.getNodeParameter('documentUrls', itemIndex, '');
		return await fetchDocuments(context, itemIndex, urls, options);
	}
	if (source === 'text') {
		const text = context.getNodeParameter('documentText', itemIndex, '');
		const content = typeof text === 'string' ? text : JSON.stringify(text, null, 2);
		if (content.trim() === '') {
			throw operationError(context, {
				itemIndex,
				message: 'Text is required',
				description: 'Enter the text to fax (an expression may have resolved to an empty value).',
			});
		}
		return [
			documentInMemory(
				{ field: 'documentText', fileName: 'fax.txt', mimeType: 'text/plain', format: 'pdf' },
				Buffer.from(content, 'utf8'),
			),
		];
	}
	const fields = listOf(context.getNodeParameter('binaryPropertyNames', itemIndex, ''));
	return await readDocuments(context, itemIndex, fields);
}

/** Max Pages; an uncountable document passes only the default, never a set limit or a tool's. */
async function checkPages(
	context: IExecuteFunctions,
	itemIndex: number,
	given: FaxDocument[],
	maxPages: unknown,
): Promise<{ documents: FaxDocument[]; pages: number | undefined }> {
	const refuse = refusalOf(context, itemIndex);
	const set = maxPages !== undefined && maxPages !== '';
	const limit = set ? wholeNumber(context, itemIndex, maxPages, 'Max Pages') : DEFAULT_MAX_PAGES;
	const documents: FaxDocument[] = [];
	let pages = 0;
	let allCounted = true;
	let cut = false;
	for (const document of given) {
		// Past the limit, a text's count stops: the refusal needs no more.
		const counted = await countedDocument(document, limit - pages + 1);
		documents.push(counted.document);
		if (counted.pages !== undefined) {
			pages += counted.pages;
			cut ||= counted.cut === true;
			continue;
		}
		allCounted = false;
		if (!(set || runsAsTool(context))) continue;
		throw operationError(context, uncountedRefusal(context, itemIndex, counted));
	}
	// What is uploaded is what was written from each document: its size, not the input's, is Fax.Plus's limit.
	checkTotal(refuse, documents, given);
	// The counted documents alone may exceed it, whatever the others have.
	if (pages <= limit)
		return { documents, pages: documents.length > 0 && allCounted ? pages : undefined };
	if (cut) {
		throw refuse(
			`The documents have more than ${limit} page${limit === 1 ? '' : 's'}, the most Max Pages (${limit}) allows`,
			`Nothing was sent. A text is counted only until it passes Max Pages, so how many pages it has in all is not known. To fax it, raise ${sendOption('Max Pages')} or send a PDF of the text; otherwise check that the right file is mapped.`,
		);
	}
	throw refuse(
		`The documents have ${allCounted ? '' : 'at least '}${pages} pages, more than Max Pages (${limit})`,
		`Nothing was sent. To fax them, raise ${sendOption('Max Pages')} to at least ${pages}; otherwise check that the right file is mapped.`,
	);
}

/** Why a document Max Pages applies to cannot be counted, and what the user does about it. */
function uncountedRefusal(
	context: IExecuteFunctions,
	itemIndex: number,
	{ document, refused }: CountedDocument,
) {
	const agent = runsAsTool(context);
	const applies = agent
		? 'Pages are always counted when an AI agent sends.'
		: `Max Pages refuses what it cannot count once it is set: remove ${sendOption('Max Pages')} to send it uncounted.`;
	const name = `Max Pages: the pages of "${document.fileName}" cannot be counted before sending`;
	if (refused === undefined)
		return {
			itemIndex,
			message: name,
			description:
				`Nothing was sent. Max Pages counts PDF, TIFF, image and plain-text pages, read from the ` +
				`file's own bytes; Fax.Plus counts other documents (and files whose bytes are not the type ` +
				`their name or MIME type says) only once they are sent. Convert the document to PDF first${agent ? '' : `, or remove ${sendOption('Max Pages')} to send it uncounted`}.`,
		};
	const why = {
		damaged: 'the PDF is damaged: no page tree was found in it',
		encrypted: 'the PDF is protected by a password',
		budget: 'the PDF takes more work to read than its size allows',
	}[refused];
	const fix =
		refused === 'encrypted'
			? 'Remove its password in a PDF tool (or print it to PDF), then send the saved file.'
			: 'Open it and save it again in a PDF tool (or print it to PDF), then send the saved file.';
	return {
		itemIndex,
		message: `${name}: ${why}`,
		description: `Nothing was sent. ${fix} ${applies}`,
	};
}

const COVER_PAGE_FLAGS = ['urgent', 'for_review', 'please_reply', 'confidential'] as const;

function outboxOptions(context: IExecuteFunctions, itemIndex: number, options: IDataObject) {
	const given = options.comment !== undefined && String(options.comment).trim() !== '';
	const text = given ? String(options.comment) : undefined;
	refuseMarker(context, itemIndex, 'Comment', text ?? '');
	const tags = listOf(options.commentTags);
	const reserved = tags.find((tag) => tag.toLowerCase().startsWith(KEY_TAG_PREFIX));
	if (reserved !== undefined) {
		throw operationError(context, {
			itemIndex,
			message: `Comment Tags: "${reserved}" starts with "${KEY_TAG_PREFIX}", which is kept for the Idempotency Key's tag`,
			description: 'Choose a tag that does not start with it.',
		});
	}
	const comment = { ...(text !== undefined && { text }), ...(tags.length > 0 && { tags }) };
	const retry = retryOf(context, itemIndex, options);
	const faxOptions = {
		...(options.enhancement !== undefined && { enhancement: options.enhancement === true }),
		...(retry && { retry }),
	};
	const sendTime = dateTimeValue(context, options.sendTime, 'Send At', itemIndex);
	const coverPage = coverPageOf(context, itemIndex, options.coverPage as IDataObject | undefined);
	return {
		...(Object.keys(comment).length > 0 && { comment }),
		...(Object.keys(faxOptions).length > 0 && { options: faxOptions }),
		...(sendTime && { send_time: formatSendTime(sendTime) }),
		...(coverPage && { cover_page: coverPage }),
	};
}

function coverPageOf(context: IExecuteFunctions, itemIndex: number, fields?: IDataObject) {
	const text = (name: string) => String(fields?.[name] ?? '').trim();
	const flags = (Array.isArray(fields?.flags) ? fields.flags : []).map((flag: unknown) =>
		choiceOf(context, itemIndex, 'Cover Page Flags', flag, COVER_PAGE_FLAGS),
	);
	const coverPage = {
		name_to: text('nameTo'),
		name_from: text('nameFrom'),
		subject: text('subject'),
		...(text('message') && { message: text('message') }),
		...(flags.length > 0 && { flags }),
	};
	return Object.values(coverPage).some((value) => value.length > 0) ? coverPage : undefined;
}

/** The answer's outbox fax IDs by destination number (`return_ids`). */
function idsOf(answer: { ids?: unknown } | undefined): Record<string, string> {
	const ids = answer?.ids;
	return ids && typeof ids === 'object' && !Array.isArray(ids)
		? { ...(ids as Record<string, string>) }
		: {};
}
