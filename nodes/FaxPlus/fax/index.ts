import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusResource } from '../shared/types';
import * as downloadThumbnail from './downloadThumbnail.operation';
import * as getFieldExtraction from './getFieldExtraction.operation';

const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['fax'] } },
	options: [
		{
			name: 'Download Thumbnail',
			value: 'downloadThumbnail',
			action: 'Download the thumbnail of a fax',
			description: 'Download the JPEG thumbnail of a fax as a file',
		},
		{
			name: 'Get Field Extraction',
			value: 'getFieldExtraction',
			action: 'Get the AI field extraction of a fax',
			description: 'Read the fields Fax AI extracted from a fax, once extraction is finished',
		},
	],
	default: 'downloadThumbnail',
};

export const fax: FaxPlusResource = {
	option: { name: 'Fax', value: 'fax' },
	description: [operationField, ...downloadThumbnail.description, ...getFieldExtraction.description],
	operations: { downloadThumbnail, getFieldExtraction },
};
