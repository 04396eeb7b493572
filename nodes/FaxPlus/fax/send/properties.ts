// Send's parameters, as the editor shows them, and the limits and defaults its steps enforce.
import type { INodeProperties } from 'n8n-workflow';
import {
	userIdFields,
	resourceLocator,
	USER_DEPENDENCY,
	SEND_OPTIONS,
} from '../../shared/parameters';
import { retryFields } from '../../shared/retry';
import { docsLink } from '../../shared/display';
import { customDataNumbersOption } from '../../../shared/logging/customData';
import { TOOL_KEY } from '../../../shared/n8n/executeContext';

export const DOCUMENT_SOURCES = ['binary', 'text', 'url', 'fax'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/** Pages Send takes without Max Pages set: enough for everyday faxes, far from an accidental 2,000-page file. */
export const DEFAULT_MAX_PAGES = 100;

/** Fax.Plus takes at most this many destinations per fax (too_many_destinations above it). */
export const MAX_DESTINATIONS = 4000;
/** As a tool, without Max Destinations, one call sends to at most this many numbers. */
export const TOOL_MAX_DESTINATIONS = 10;

export const MAX_FILES = 10;
/** Fax.Plus takes at most this many megabytes per fax, all files together (413 above it). */
export const MAX_TOTAL_MEGABYTES = 150;

/** How long one document may take in all, redirects included, unless the option says otherwise. */
export const DEFAULT_TIME_LIMIT_SECONDS = 120;
export const MAX_TIME_LIMIT_SECONDS = 3600;

/** Fax.Plus watches tight status polling: checks are at least this far apart. */
export const STATUS_CHECK_FLOOR_SECONDS = 20;
export const DEFAULT_CHECK_INTERVAL_SECONDS = 30;
export const DEFAULT_MAX_STATUS_CHECKS = 20;

/** How long a tool's default key holds, unless the node says otherwise. */
export const DEFAULT_KEY_WINDOW_HOURS = 24;
/** How long a key holds (one to two of it), unless the node says otherwise. */
export const DEFAULT_KEY_LIFETIME_DAYS = 7;

/** The `from` of a corporate member without an assigned fax number (the SDK's sendFax). */
export const NO_NUMBER = 'no_number';

const WITH_WAIT = { show: { waitForFinalStatus: [true] } };

const showForUrls = { show: { '/documentSource': ['url'] } };

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
	{
		displayName: 'From',
		name: 'from',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: `The account's fax number to send from (several, separated by commas: Fax.Plus picks); ${NO_NUMBER} for a member without one`,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a number...',
				typeOptions: { searchListMethod: 'searchSenderNumbers', searchable: true },
			},
			{
				displayName: 'Number',
				name: 'number',
				type: 'string',
				placeholder: `e.g. +15551230001, or +15551230001, +15551230002, or ${NO_NUMBER}`,
			},
		],
	},
	{
		displayName: 'Document Source',
		name: 'documentSource',
		type: 'options',
		options: [
			{
				name: 'Files From the Previous Node',
				value: 'binary',
				description:
					"The files the previous node output, such as a form's upload or a downloaded PDF (the item's binary fields)",
			},
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
		dependsOn: USER_DEPENDENCY,
	}),
	{
		displayName: SEND_OPTIONS.displayName,
		name: 'options',
		type: 'collection',
		placeholder: SEND_OPTIONS.placeholder,
		default: {},
		options: [
			{
				displayName: 'Allowed Destinations',
				name: 'allowedDestinations',
				type: 'string',
				default: '',
				placeholder: 'e.g. +15551234567, +4930123456',
				description: `Numbers or prefixes that may be faxed, separated by commas; empty allows all. For an AI agent, list ${docsLink('security.md#what-an-ai-agent-may-do-with-the-tools', 'full numbers')}.`,
			},
			{
				displayName: 'Allowed Document Hosts',
				name: 'allowedDocumentHosts',
				type: 'string',
				default: '',
				placeholder: 'e.g. files.example.com, *.s3.amazonaws.com',
				description: `Hosts the URLs and their redirects may use, separated by commas (*.example.com: its subdomains); empty: ${docsLink('security.md', 'any host n8n allows')}`,
				displayOptions: showForUrls,
			},
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
					coverPageText('From Name', 'nameFrom', 'FROM'),
					coverPageText('Message', 'message', 'MESSAGE', 3),
					coverPageText('Subject', 'subject', 'SUBJECT'),
					coverPageText('To Name', 'nameTo', 'TO'),
				],
			},
			{
				displayName: 'Default Country Code',
				name: 'defaultCountryCode',
				type: 'string',
				default: '',
				placeholder: 'e.g. 49',
				description: `The country calling code of ${docsLink('numbers.md', 'numbers written without one')}, e.g. 49 sends 030 1234567 to +49301234567`,
			},
			{
				displayName: 'Download Time Limit (Seconds)',
				name: 'downloadTimeLimit',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_TIME_LIMIT_SECONDS, numberPrecision: 0 },
				default: DEFAULT_TIME_LIMIT_SECONDS,
				description:
					'How long fetching a document may take, redirects included; longer fails the item',
				displayOptions: showForUrls,
			},
			{
				displayName: 'Idempotency Key',
				name: 'idempotencyKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. {{ $json.orderId }}',
				description: `Sends each fax only once: a value that names this send, such as an order ID; a later run with the same value answers the first fax instead of ${docsLink('sending.md#idempotency-key', 'faxing again')}`,
			},
			{
				displayName: 'Key Lifetime (Days)',
				name: 'keyLifetimeDays',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_KEY_LIFETIME_DAYS,
				description:
					'Days (one to two times this) in which a repeat of an Idempotency Key is not faxed',
			},
			{
				displayName: 'Max Destinations',
				name: 'maxDestinations',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: `Most numbers one item may fax to; 0: no limit of its own (as an AI tool: ${TOOL_MAX_DESTINATIONS})`,
			},
			{
				displayName: 'Max Pages',
				name: 'maxPages',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: DEFAULT_MAX_PAGES,
				description: `Most pages the documents may have in all (${DEFAULT_MAX_PAGES} when not set); once set, one that cannot be counted (e.g. Word) is refused`,
			},
			{
				displayName: 'Max Status Checks',
				name: 'maxStatusChecks',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_MAX_STATUS_CHECKS,
				description: 'Checks before giving up; a fax not done by then is output with final: false',
				displayOptions: WITH_WAIT,
			},
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
			{
				displayName: 'Status Check Interval (Seconds)',
				name: 'statusCheckInterval',
				type: 'number',
				typeOptions: { minValue: STATUS_CHECK_FLOOR_SECONDS },
				default: DEFAULT_CHECK_INTERVAL_SECONDS,
				description: `Seconds between two checks, at least ${STATUS_CHECK_FLOOR_SECONDS}`,
				displayOptions: WITH_WAIT,
			},
			{
				displayName: 'Text Enhancement',
				name: 'enhancement',
				type: 'boolean',
				default: true,
				description:
					'Whether Fax.Plus optimises the documents for text (turn it off when re-sending a fax, to keep its quality)',
			},
			// It matters only to an AI agent: shown on the tool n8n makes of the node, not in workflows.
			{
				displayName: 'Tool Repeat Window (Hours)',
				name: 'toolKeyWindowHours',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_KEY_WINDOW_HOURS,
				description:
					'Hours (one to two times this) in which an AI agent sends the same fax once without an Idempotency Key; 0: off',
				displayOptions: { show: { [TOOL_KEY]: [true] } },
			},
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
			{
				displayName: 'Wait for Final Status',
				name: 'waitForFinalStatus',
				type: 'boolean',
				default: false,
				description:
					'Whether to wait until each fax is sent or failed, and output its sent-fax record',
			},
		],
	},
];
