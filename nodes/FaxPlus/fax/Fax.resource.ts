import type { INodeProperties } from 'n8n-workflow';
import * as deleteOperation from './delete.operation';
import * as download from './download.operation';
import * as downloadReport from './downloadReport.operation';
import * as downloadThumbnail from './downloadThumbnail.operation';
import * as extract from './extract.operation';
import * as get from './get.operation';
import * as getFieldExtraction from './getFieldExtraction.operation';
import * as getAll from './getAll.operation';
import * as getOcr from './getOcr.operation';
import * as getStatus from './getStatus.operation';
import * as requestFieldExtraction from './requestFieldExtraction.operation';
import * as requestOcr from './requestOcr.operation';
import * as send from './send/operation';
import * as update from './update.operation';
import * as updateFieldExtraction from './updateFieldExtraction.operation';
import {
	customApiCall,
	customApiCallOption,
	customApiCallToolFields,
} from '../shared/customApiCall';
import { nodeOptions } from '../shared/nodeOptions';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	delete: deleteOperation,
	download,
	downloadReport,
	downloadThumbnail,
	extract,
	get,
	getFieldExtraction,
	getAll,
	getOcr,
	getStatus,
	requestFieldExtraction,
	requestOcr,
	send,
	update,
	updateFieldExtraction,
	customApiCall,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['fax'] } },
		options: [
			deleteOperation.option,
			download.option,
			downloadReport.option,
			downloadThumbnail.option,
			extract.option,
			get.option,
			getFieldExtraction.option,
			getAll.option,
			getOcr.option,
			getStatus.option,
			requestFieldExtraction.option,
			requestOcr.option,
			send.option,
			update.option,
			updateFieldExtraction.option,
			customApiCallOption,
		],
		default: 'send',
	},
	...deleteOperation.description,
	...download.description,
	...downloadReport.description,
	...downloadThumbnail.description,
	...extract.description,
	...get.description,
	...getFieldExtraction.description,
	...getAll.description,
	...getOcr.description,
	...getStatus.description,
	...requestFieldExtraction.description,
	...requestOcr.description,
	...send.description,
	...update.description,
	...updateFieldExtraction.description,
	...customApiCallToolFields('fax'),
	...nodeOptions('fax', operations),
];
