import * as operations from './operations';
import { defineResource } from '../shared/resource';
import { searchFaxes } from './shared/search';
import { searchSenderNumbers } from './send/senders';

export const fax = defineResource({
	operations,
	operation: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['fax'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a fax',
				description: 'Delete a fax record',
			},
			{
				name: 'Download',
				value: 'download',
				action: 'Download a fax',
				description: 'Download the document of a fax as a PDF or TIFF file',
			},
			{
				name: 'Download Report',
				value: 'downloadReport',
				action: 'Download the confirmation report of a fax',
				description: 'Download the confirmation (transmission) report of a fax as a PDF file',
			},
			{
				name: 'Download Thumbnail',
				value: 'downloadThumbnail',
				action: 'Download the thumbnail of a fax',
				description: 'Download the JPEG thumbnail of a fax as a file',
			},
			{
				name: 'Extract Text and Fields',
				value: 'extract',
				action: 'Extract the text and fields of a fax',
				description:
					'Get the text (OCR) and the fields of a fax from Fax AI in one step, requesting each only when nobody has, and wait for both',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a fax',
				description: 'Read one fax record: pages, status (with its meaning), numbers, times',
			},
			{
				name: 'Get Field Extraction',
				value: 'getFieldExtraction',
				action: 'Get the AI field extraction of a fax',
				description: 'Read the fields Fax AI extracted from a fax, once extraction is finished',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many faxes',
				description: 'List received, sent or spam faxes, one item each',
			},
			{
				name: 'Get OCR',
				value: 'getOcr',
				action: 'Get the OCR text of a fax',
				description:
					'Read the text Fax AI recognised in a fax (in "data", as plain text), with its status explained',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get the status of a sent fax',
				description:
					"Where a fax from Send is now: waiting in the outbox, or sent (success or why it failed); from Send's outboxFaxId, to and sentAt",
			},
			{
				name: 'Request Field Extraction',
				value: 'requestFieldExtraction',
				action: 'Request AI field extraction for a fax',
				description:
					'Ask Fax AI to extract the fields of a fax, once: a fax already done is read, one in progress waited for',
			},
			{
				name: 'Request OCR',
				value: 'requestOcr',
				action: 'Request OCR for a fax',
				description:
					'Ask Fax AI to recognise the text of a fax, once: a fax already done is read, one in progress waited for',
			},
			{
				name: 'Send',
				value: 'send',
				action: 'Send a fax',
				description:
					'Send a fax to one or more numbers, now or at a set time: from files, text, URLs or an existing fax',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a fax',
				description: 'Mark a fax as read or unread, or change its comment',
			},
			{
				name: 'Update Field Extraction',
				value: 'updateFieldExtraction',
				action: 'Update the AI field extraction of a fax',
				description: 'Correct fields Fax AI extracted from a fax; outputs the corrected extraction',
			},
		],
		default: 'send',
	},
	listSearch: { searchFaxes, searchSenderNumbers },
	untrusted: [
		{ field: 'comment', as: 'comment' },
		{ field: 'header', as: 'faxHeader' },
		{ field: 'from', as: 'callerId', when: (record) => record.direction === 'incoming' },
		// apidoc's example records name the sender `from_number` (the SDK: `from`).
		{ field: 'from_number', as: 'callerId', when: (record) => record.direction === 'incoming' },
	],
});
