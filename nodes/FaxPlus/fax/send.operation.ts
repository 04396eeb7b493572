import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { dateTimeValue, formatSendTime } from '../../api/dates';
import { showFor, userIdFields } from '../shared/descriptions';
import { requiredString, userIdOf, toItems } from '../shared/items';
import { choiceOf, listOf, wholeNumber } from '../shared/values';
import { retryFields, retryOf } from '../shared/retry';
import { faxPlusApiRequest } from '../../api/transport';
import {
	documentInMemory,
	MAX_FILES,
	MAX_TOTAL_MEGABYTES,
	readDocuments,
	type FaxDocument,
} from './shared/documents';
import {
	allowedDocumentHostsOption,
	downloadTimeLimitOption,
	fetchDocuments,
} from './shared/documentUrls';
import { uploadDocument } from './shared/uploadBody';
import { checkManualRepeat } from './shared/manualRepeat';
import { pagesOf } from './shared/pageCount';
import { resourceLocator, USER_DEPENDENCY } from '../shared/locators';
import { fromField, senderOf } from './shared/senders';
import { duplicateItems, sentForAgent, sentItems, type FaxSent } from './shared/sendResult';
import { runsAsTool } from '../shared/output';
import {
	allowedDestinationsOption,
	destinationsOf,
	MAX_DESTINATIONS,
	maxDestinationsOption,
} from './shared/destinations';
import {
	idempotencyKeyOption,
	type Duplicate,
	KEY_TAG_PREFIX,
	keyLifetimeOption,
	refuseMarker,
	sendKeyOf,
	toolRepeatWindowOption,
} from './shared/idempotency';
import {
	finalStatusSettings,
	maxStatusChecksOption,
	statusCheckIntervalOption,
	waitForFinalStatus,
	waitForFinalStatusOption,
} from './shared/finalStatus';
import { nodeErrorOf } from '../../api/nodeErrors';
import { saveFaxCustomData } from '../../logging/customData';
import { logDebug } from '../../logging/log';
import { customDataNumbersOption } from '../../triggers/properties';
import type { FaxPlusOperation } from '../shared/types';

/** Body of POST /accounts/{user_id}/outbox. */
interface OutboxPayload {
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
interface OutboxCreated {
	ids: Record<string, string>;
}

const show = showFor('fax', 'send');

/** Where Send takes its documents from. */
const DOCUMENT_SOURCES = ['binary', 'text', 'url', 'fax'] as const;
type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/** displayOptions of a parameter shown for one document source. */
function showForSource(source: DocumentSource): IDisplayOptions {
	return { show: { ...show.show, documentSource: [source] } };
}

/** The `field` of the document Send makes of its Text. */
const TEXT_FIELD = 'documentText';

/** The file name of a text document, as Fax.Plus shows it. */
const TEXT_FILE_NAME = 'fax.txt';

const COVER_PAGE_FLAGS = ['urgent', 'for_review', 'please_reply', 'confidential'] as const;
type CoverPageFlag = (typeof COVER_PAGE_FLAGS)[number];

/** Pages Send takes without Max Pages set: enough for everyday faxes, far from an accidental 2,000-page file. */
const DEFAULT_MAX_PAGES = 100;

/**
 * Max Pages: refuses counted documents with more pages, naming the option. A document whose pages
 * cannot be counted here (Word, a URL's text) passes the default, but not a Max Pages the user set,
 * nor an AI agent's send: there the limit must hold. The node's own Text is counted by Fax.Plus only.
 */
async function checkPages(
	context: IExecuteFunctions,
	itemIndex: number,
	documents: FaxDocument[],
	maxPages: unknown,
): Promise<number | undefined> {
	const set = maxPages !== undefined && maxPages !== '';
	const limit = set ? wholeNumber(context, itemIndex, maxPages, 'Max Pages') : DEFAULT_MAX_PAGES;
	let pages = 0;
	let allCounted = true;
	for (const document of documents) {
		const counted = await pagesOf(document);
		if (counted !== undefined) {
			pages += counted;
			continue;
		}
		allCounted = false;
		if (document.field === TEXT_FIELD || !(set || runsAsTool(context))) continue;
		throw new NodeOperationError(
			context.getNode(),
			`Max Pages: the pages of "${document.fileName}" cannot be counted before sending`,
			{
				itemIndex,
				description: `Nothing was sent. Max Pages counts PDF, TIFF and image pages; Fax.Plus counts other documents only once they are sent. Convert the document to PDF first${runsAsTool(context) ? '' : ', or remove Max Pages under Options to send it uncounted'}.`,
			},
		);
	}
	// The counted documents alone may exceed it, whatever the others have.
	if (pages <= limit) return documents.length > 0 && allCounted ? pages : undefined;
	throw new NodeOperationError(
		context.getNode(),
		`The documents have ${allCounted ? '' : 'at least '}${pages} pages, more than Max Pages (${limit})`,
		{
			itemIndex,
			description: `Nothing was sent. To fax them, raise Max Pages under Options to at least ${pages}; otherwise check that the right file is mapped.`,
		},
	);
}

const description: INodeProperties[] = [
	...userIdFields('fax', 'send'),
	{
		displayName: 'To',
		name: 'to',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. +15551234567, +4930123456',
		description: `Fax numbers to send to, in E.164 format ("+" and the country code); separate several with commas or new lines, at most ${MAX_DESTINATIONS}. Each number gets its own outbox fax.`,
		displayOptions: show,
	},
	fromField(show),
	{
		displayName: 'Document Source',
		name: 'documentSource',
		type: 'options',
		options: [
			{ name: 'Binary Fields', value: 'binary', description: 'Files of the input item' },
			{
				name: 'Text',
				value: 'text',
				description: 'Text typed or mapped here, sent as a TXT document',
			},
			{ name: 'URLs', value: 'url', description: 'Documents fetched from http(s) addresses' },
			{
				name: 'Existing Fax',
				value: 'fax',
				description: 'Re-send or forward a fax already in Fax.Plus; nothing is uploaded',
			},
		],
		default: 'binary',
		description: 'Where the documents to fax come from',
		displayOptions: show,
	},
	{
		displayName: 'Input Binary Fields',
		name: 'binaryPropertyNames',
		type: 'string',
		default: '',
		placeholder: 'Every file of the input item',
		hint: `Empty sends every file of the input item (e.g. a form's upload); to pick some, their binary field names, separated by commas. PDF, TIFF, DOC/DOCX, JPG, PNG, TXT and more; at most ${MAX_FILES} files and ${MAX_TOTAL_MEGABYTES} MB in all`,
		displayOptions: showForSource('binary'),
	},
	{
		displayName: 'Text',
		name: 'documentText',
		type: 'string',
		typeOptions: { rows: 8 },
		default: '',
		required: true,
		placeholder: 'e.g. Dear Dr. Smith, ...',
		description: 'The text to fax; it is sent as a plain-text (TXT) document',
		displayOptions: showForSource('text'),
	},
	{
		displayName: 'Document URLs',
		name: 'documentUrls',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/invoice.pdf',
		description: `Addresses of the documents to fax, one per line or separated by commas; at most ${MAX_FILES} and ${MAX_TOTAL_MEGABYTES} MB in all. Each is fetched and checked before anything is sent.`,
		displayOptions: showForSource('url'),
	},
	resourceLocator({
		displayName: 'Fax to Send Again',
		name: 'fromFax',
		description:
			'A fax of the chosen user whose document is sent to the new numbers (re-send or forward); nothing is uploaded',
		displayOptions: showForSource('fax'),
		searchListMethod: 'searchFaxes',
		listPlaceholder: 'Select a fax...',
		idPlaceholder: 'e.g. 7d3e2b9c4f1a',
		dependsOn: USER_DEPENDENCY,
	}),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: [
			allowedDestinationsOption,
			allowedDocumentHostsOption,
			{
				displayName: 'Comment',
				name: 'comment',
				type: 'string',
				default: '',
				description: 'A comment kept with the fax record in Fax.Plus',
			},
			{
				displayName: 'Comment Tags',
				name: 'commentTags',
				type: 'string',
				default: '',
				placeholder: 'e.g. invoices, urgent',
				description: 'Tags of the comment, separated by commas',
			},
			{
				displayName: 'Cover Page',
				name: 'coverPage',
				type: 'collection',
				placeholder: 'Add Cover Page Field',
				default: {},
				description: 'Adds a cover page to the fax',
				options: [
					{
						displayName: 'Flags',
						name: 'flags',
						type: 'multiOptions',
						options: [
							{ name: 'Confidential', value: 'confidential' },
							{ name: 'For Review', value: 'for_review' },
							{ name: 'Please Reply', value: 'please_reply' },
							{ name: 'Urgent', value: 'urgent' },
						],
						default: [],
						description: 'Boxes ticked on the cover page',
					},
					{
						displayName: 'From Name',
						name: 'nameFrom',
						type: 'string',
						default: '',
						description: 'The FROM field of the cover page',
					},
					{
						displayName: 'Message',
						name: 'message',
						type: 'string',
						typeOptions: { rows: 3 },
						default: '',
						description: 'The MESSAGE field of the cover page',
					},
					{
						displayName: 'Subject',
						name: 'subject',
						type: 'string',
						default: '',
						description: 'The SUBJECT field of the cover page',
					},
					{
						displayName: 'To Name',
						name: 'nameTo',
						type: 'string',
						default: '',
						description: 'The TO field of the cover page',
					},
				],
			},
			{
				displayName: 'Default Country Code',
				name: 'defaultCountryCode',
				type: 'string',
				default: '',
				placeholder: 'e.g. 49',
				description:
					"The country calling code of numbers written the national way, e.g. 49 for Germany: then 030 1234567 and 0049 30 1234567 are sent to +49301234567; with 1, (201) 555-0123 to +12015550123. Each country's own national prefix is read (0, 06 in Hungary, 8 in Russia, none in Spain), as libphonenumber reads it; an unsure number is refused, never guessed.",
			},
			downloadTimeLimitOption,
			idempotencyKeyOption,
			keyLifetimeOption,
			maxDestinationsOption,
			{
				displayName: 'Max Pages',
				name: 'maxPages',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: DEFAULT_MAX_PAGES,
				description: `Refuse documents with more pages than this, before anything is uploaded; ${DEFAULT_MAX_PAGES} when not set. Guards against faxing a huge file by mistake. PDF, TIFF and images are counted; once set, other documents (e.g. Word) are refused, as they cannot be counted before sending.`,
			},
			maxStatusChecksOption,
			...retryFields(
				'How many times Fax.Plus tries again when sending fails',
				'Seconds between two tries',
			),
			customDataNumbersOption,
			{
				displayName: 'Send At',
				name: 'sendTime',
				type: 'dateTime',
				default: '',
				description:
					'When to send the fax; empty sends it now. The fax waits in the outbox until then.',
			},
			statusCheckIntervalOption,
			{
				displayName: 'Text Enhancement',
				name: 'enhancement',
				type: 'boolean',
				default: true,
				description:
					'Whether Fax.Plus optimises the documents for text (turn it off when re-sending a fax, to keep its quality)',
			},
			// It matters only to an AI agent: shown on the tool n8n makes of the node, not in workflows.
			{ ...toolRepeatWindowOption, displayOptions: { show: { '@tool': [true] } } },
			{
				displayName: 'Upload Format',
				name: 'uploadFormat',
				type: 'options',
				options: [
					{
						name: 'Automatic',
						value: 'auto',
						description: 'TIFF for TIFF files, PDF for everything else',
					},
					{ name: 'PDF', value: 'pdf' },
					{ name: 'TIFF', value: 'tiff' },
				],
				default: 'auto',
				description: 'The format Fax.Plus stores the uploaded files in',
			},
			waitForFinalStatusOption,
		],
	},
];

export const send: FaxPlusOperation = {
	option: {
		name: 'Send',
		value: 'send',
		action: 'Send a fax',
		description:
			'Send a fax to one or more numbers, now or at a set time: from files, text, URLs or an existing fax',
	},
	toolDescription:
		"Send a fax with Fax.Plus to one or more fax numbers. Needs the destination numbers in E.164 format (+ and the country code), several separated by commas, and the document (the text to fax, or a document's http(s) URL, as this tool is set up). Returns, per destination, the outbox ID of the queued fax and a message saying what happens next and how to check the status later (Fax → Get Status with the outboxFaxId, to and sentAt: in the outbox or, once sent, among the sent faxes). The same numbers, From, documents and fax options again within 24 hours are not faxed twice: the answer then says duplicate: true. Destinations may be bounded (allowed prefixes, at most 10 numbers per call unless set); a refusal names the number and sends nothing.",
	description,
	/** One at a time, in order: each uploads its files and sends a fax that costs money; a failure stops the rest. */
	maxItemsAtOnce: 1,
	execute,
};

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
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
	const documents = source === 'fax' ? [] : await documentsOf(this, itemIndex, source, options);
	const pages = await checkPages(this, itemIndex, documents, options.maxPages);
	const key = await sendKeyOf(this, itemIndex, options, {
		userId,
		to,
		from,
		documents,
		fromFax,
		faxOptions: { ...payload, comment: undefined, uploadFormat },
	});
	const duplicate = (found: Duplicate) => {
		logDebug(this, 'Send answered a duplicate: Fax.Plus has this fax (Idempotency Key)', {
			event: 'send_duplicate',
			itemIndex,
		});
		return toItems(duplicateItems(found));
	};
	// Without a key, a manual run's repeat is caught by asking Fax.Plus.
	if (!key) await checkManualRepeat(this, itemIndex, userId, to);
	const found = await key?.look();
	if (found) return duplicate(found);
	if (key) payload.comment = key.comment(payload.comment);

	// Everything is checked: upload the files, then create the outbox fax.
	const files: string[] = [];
	const body: OutboxPayload = { from, to, files, ...payload, return_ids: true };
	if (fromFax !== undefined) body.from_fax = fromFax;
	const sentAt = Date.now();
	let answer: OutboxCreated | undefined;
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
	} catch (error) {
		throw nodeErrorOf(this, error, itemIndex);
	}
	// The key is marked in flight from here to the outbox request.
	const hold = await key?.hold();
	if (hold && 'duplicate' in hold) return duplicate(hold.duplicate);
	try {
		answer = await faxPlusApiRequest<OutboxCreated | undefined>(this, {
			method: 'POST',
			path: `/accounts/${encodeURIComponent(userId)}/outbox`,
			body: body as unknown as IDataObject,
			itemIndex,
		});
	} catch (error) {
		await hold?.release(error);
		throw nodeErrorOf(this, error, itemIndex);
	}
	await hold?.release();

	const sent: FaxSent = {
		ids: idsOf(answer),
		to,
		from,
		sentAt: new Date(sentAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
	};
	const outboxIds = Object.values(sent.ids);
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
	if (pages !== undefined) sent.pages = pages;
	if (fromFax !== undefined) sent.fromFax = fromFax;
	if (body.send_time) sent.sendTime = body.send_time;
	if (key) sent.commentTag = key.tag;
	if (waitSettings)
		return toItems(
			await waitForFinalStatus(this, itemIndex, userId, sent.ids, waitSettings, sentAt),
		);
	const items = sentItems(sent);
	return toItems(runsAsTool(this) ? sentForAgent(items, sent.sendTime) : items);
}

/** The documents to upload, read and checked, from the item's files, the text or the URLs. */
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
			throw new NodeOperationError(context.getNode(), 'Text is required', {
				itemIndex,
				description: 'Enter the text to fax (an expression may have resolved to an empty value).',
			});
		}
		return [
			documentInMemory(
				{ field: TEXT_FIELD, fileName: TEXT_FILE_NAME, mimeType: 'text/plain', format: 'pdf' },
				Buffer.from(content, 'utf8'),
			),
		];
	}
	const fields = listOf(context.getNodeParameter('binaryPropertyNames', itemIndex, ''));
	return await readDocuments(context, itemIndex, fields);
}

type OutboxOptions = Pick<OutboxPayload, 'comment' | 'options' | 'send_time' | 'cover_page'>;

/** The optional parts of the outbox body, checked; only what the user set. */
function outboxOptions(
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
function idsOf(answer: OutboxCreated | undefined): Record<string, string> {
	const ids = answer?.ids;
	return ids && typeof ids === 'object' && !Array.isArray(ids) ? { ...ids } : {};
}
