// Send's parameters, as the editor shows them.
import type { INodeProperties } from 'n8n-workflow';
import { docsLink, userIdFields } from '../../shared/descriptions';
import { resourceLocator, USER_DEPENDENCY } from '../../shared/locators';
import { retryFields } from '../../shared/retry';
import { customDataNumbersOption } from '../../../shared/logging/customData';
import { allowedDestinationsOption, MAX_DESTINATIONS, maxDestinationsOption } from './destinations';
import { MAX_FILES, MAX_TOTAL_MEGABYTES } from './documents';
import { DEFAULT_TIME_LIMIT_SECONDS, MAX_TIME_LIMIT_SECONDS } from './documentUrls';
import {
	maxStatusChecksOption,
	statusCheckIntervalOption,
	waitForFinalStatusOption,
} from './finalStatus';
import { idempotencyKeyOption, keyLifetimeOption, toolRepeatWindowOption } from './idempotency/keyOptions';
import { fromField } from './senders';

export const DOCUMENT_SOURCES = ['binary', 'text', 'url', 'fax'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

const showForUrls = { show: { '/documentSource': ['url'] } };

/** Send's options for documents from URLs (Options collection, shown for Document Source "URLs"). */
const allowedDocumentHostsOption: INodeProperties = {
	displayName: 'Allowed Document Hosts',
	name: 'allowedDocumentHosts',
	type: 'string',
	default: '',
	placeholder: 'e.g. files.example.com, *.s3.amazonaws.com',
	description: `Hosts the URLs and their redirects may use, separated by commas (*.example.com: its subdomains); empty: ${docsLink('security.md', 'any host n8n allows')}`,
	displayOptions: showForUrls,
};

const downloadTimeLimitOption: INodeProperties = {
	displayName: 'Download Time Limit (Seconds)',
	name: 'downloadTimeLimit',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_TIME_LIMIT_SECONDS, numberPrecision: 0 },
	default: DEFAULT_TIME_LIMIT_SECONDS,
	description: 'How long fetching a document may take, redirects included; longer fails the item',
	displayOptions: showForUrls,
};

export const TEXT_FIELD = 'documentText';

/** Pages Send takes without Max Pages set: enough for everyday faxes, far from an accidental 2,000-page file. */
export const DEFAULT_MAX_PAGES = 100;

const commentOption: INodeProperties = {
	displayName: 'Comment',
	name: 'comment',
	type: 'string',
	default: '',
	description: 'A comment kept with the fax record in Fax.Plus',
};

const commentTagsOption: INodeProperties = {
	displayName: 'Comment Tags',
	name: 'commentTags',
	type: 'string',
	default: '',
	placeholder: 'e.g. invoices, urgent',
	description: 'Tags of the comment, separated by commas',
};

/** A text field of the cover page, named after the field it fills. */
function coverPageText(
	displayName: string,
	name: string,
	field: string,
	rows?: number,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		...(rows !== undefined && { typeOptions: { rows } }),
		default: '',
		description: `The ${field} field of the cover page`,
	};
}

const coverPageOption: INodeProperties = {
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
		coverPageText('From Name', 'nameFrom', 'FROM'),
		coverPageText('Message', 'message', 'MESSAGE', 3),
		coverPageText('Subject', 'subject', 'SUBJECT'),
		coverPageText('To Name', 'nameTo', 'TO'),
	],
};

const sendAtOption: INodeProperties = {
	displayName: 'Send At',
	name: 'sendTime',
	type: 'dateTime',
	default: '',
	description: 'When to send the fax; empty sends it now. The fax waits in the outbox until then.',
};

const defaultCountryCodeOption: INodeProperties = {
	displayName: 'Default Country Code',
	name: 'defaultCountryCode',
	type: 'string',
	default: '',
	placeholder: 'e.g. 49',
	description: `The country calling code of ${docsLink('numbers.md', 'numbers written without one')}, e.g. 49 sends 030 1234567 to +49301234567`,
};

const textEnhancementOption: INodeProperties = {
	displayName: 'Text Enhancement',
	name: 'enhancement',
	type: 'boolean',
	default: true,
	description:
		'Whether Fax.Plus optimises the documents for text (turn it off when re-sending a fax, to keep its quality)',
};

const uploadFormatOption: INodeProperties = {
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
};

const maxPagesOption: INodeProperties = {
	displayName: 'Max Pages',
	name: 'maxPages',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: DEFAULT_MAX_PAGES,
	description: `Most pages the documents may have in all (${DEFAULT_MAX_PAGES} when not set); once set, one that cannot be counted (e.g. Word) is refused`,
};

export const properties: INodeProperties[] = [
	...userIdFields(),
	{
		displayName: 'To',
		name: 'to',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. +15551234567, +4930123456',
		description: `Fax numbers with "+" and the country code, separated by commas or new lines (at most ${MAX_DESTINATIONS})`,
	},
	fromField,
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
	},
	{
		displayName: 'Input Binary Fields',
		name: 'binaryPropertyNames',
		type: 'string',
		default: '',
		placeholder: 'Every file of the input item',
		hint: `Empty sends every file of the input item; or name the binary fields, separated by commas. At most ${MAX_FILES} files, ${MAX_TOTAL_MEGABYTES} MB in all.`,
		displayOptions: { show: { documentSource: ['binary'] } },
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
		displayOptions: { show: { documentSource: ['text'] } },
	},
	{
		displayName: 'Document URLs',
		name: 'documentUrls',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/invoice.pdf',
		description: `Addresses of the documents, one per line or separated by commas (at most ${MAX_FILES}, ${MAX_TOTAL_MEGABYTES} MB in all)`,
		displayOptions: { show: { documentSource: ['url'] } },
	},
	resourceLocator({
		displayName: 'Fax to Send Again',
		name: 'fromFax',
		description:
			'A fax of the chosen user whose document is sent to the new numbers (re-send or forward); nothing is uploaded',
		displayOptions: { show: { documentSource: ['fax'] } },
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
		options: [
			allowedDestinationsOption,
			allowedDocumentHostsOption,
			commentOption,
			commentTagsOption,
			coverPageOption,
			defaultCountryCodeOption,
			downloadTimeLimitOption,
			idempotencyKeyOption,
			keyLifetimeOption,
			maxDestinationsOption,
			maxPagesOption,
			maxStatusChecksOption,
			...retryFields(
				'How many times Fax.Plus tries again when sending fails',
				'Seconds between two tries',
			),
			customDataNumbersOption,
			sendAtOption,
			statusCheckIntervalOption,
			textEnhancementOption,
			toolRepeatWindowOption,
			uploadFormatOption,
			waitForFinalStatusOption,
		],
	},
];
