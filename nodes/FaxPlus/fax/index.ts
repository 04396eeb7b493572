import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';
import * as deleteOperation from './delete.operation';
import * as download from './download.operation';
import * as downloadReport from './downloadReport.operation';
import * as downloadThumbnail from './downloadThumbnail.operation';
import * as get from './get.operation';
import * as getFieldExtraction from './getFieldExtraction.operation';
import * as getMany from './getMany.operation';
import * as getOcr from './getOcr.operation';
import * as requestFieldExtraction from './requestFieldExtraction.operation';
import * as requestOcr from './requestOcr.operation';
import * as send from './send.operation';
import * as update from './update.operation';

const operationField: INodeProperties = {
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
			name: 'Get',
			value: 'get',
			action: 'Get a fax',
			description: 'Read one fax record: pages, status, numbers, times',
		},
		{
			name: 'Get Field Extraction',
			value: 'getFieldExtraction',
			action: 'Get the AI field extraction of a fax',
			description: 'Read the fields Fax AI extracted from a fax, once extraction is finished',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			action: 'Get many faxes',
			description: 'List received, sent or spam faxes, one item each',
		},
		{
			name: 'Get OCR',
			value: 'getOcr',
			action: 'Get the OCR text of a fax',
			description: 'Read the text Fax AI recognised in a fax, with its status explained',
		},
		{
			name: 'Request Field Extraction',
			value: 'requestFieldExtraction',
			action: 'Request AI field extraction for a fax',
			description: 'Ask Fax AI to extract the fields of a fax; read them later with Get Field Extraction',
		},
		{
			name: 'Request OCR',
			value: 'requestOcr',
			action: 'Request OCR for a fax',
			description: 'Ask Fax AI to recognise the text of a fax; read it later with Get OCR',
		},
		{
			name: 'Send',
			value: 'send',
			action: 'Send a fax',
			description: 'Upload the item\'s files and send them as a fax to one or more numbers, now or at a set time',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a fax',
			description: 'Mark a fax as read or unread, or change its comment',
		},
	],
	default: 'send',
};

export const fax: FaxPlusResource = {
	option: { name: 'Fax', value: 'fax' },
	description: [
		operationField,
		...deleteOperation.description,
		...download.description,
		...downloadReport.description,
		...downloadThumbnail.description,
		...get.description,
		...getFieldExtraction.description,
		...getMany.description,
		...getOcr.description,
		...requestFieldExtraction.description,
		...requestOcr.description,
		...send.description,
		...update.description,
	],
	operations: {
		delete: deleteOperation,
		download,
		downloadReport,
		downloadThumbnail,
		get,
		getFieldExtraction,
		getMany,
		getOcr,
		requestFieldExtraction,
		requestOcr,
		send,
		update,
	},
};
