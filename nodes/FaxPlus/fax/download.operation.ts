import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { showFor, userIdFields } from '../shared/descriptions';
import { requiredString } from '../shared/items';

import { faxIdField, outputBinaryField, faxOfItem } from './shared/fields';
import { outputFaxFile } from './shared/files';
import { DOWNLOADS_AT_ONCE } from '../shared/nodeOptions';

export const option: INodePropertyOptions = {
	name: 'Download',
	value: 'download',
	action: 'Download a fax',
	description: 'Download the document of a fax as a PDF or TIFF file',
};

/** What an AI agent reads about this operation as a tool. */
export const toolDescription =
	'Download the document of a fax as a PDF or TIFF file. Needs the fax ID (the "id" from the fax list). Returns the file\'s name, type and size; the file itself stays in n8n\'s execution data (an agent cannot read it: use Get OCR for the text).';

export const description: INodeProperties[] = [
	...userIdFields('fax', 'download'),
	faxIdField('download', 'ID of the fax whose document to download'),
	{
		displayName: 'Format',
		name: 'format',
		type: 'options',
		options: [
			{ name: 'PDF', value: 'pdf' },
			{ name: 'TIFF', value: 'tiff' },
		],
		default: 'pdf',
		description: 'File format of the downloaded document',
		displayOptions: showFor('fax', 'download'),
	},
	outputBinaryField('download', 'fax document'),
];

export const maxItemsAtOnce = DOWNLOADS_AT_ONCE;

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const { userId, faxId } = faxOfItem(this, itemIndex);
	const format = String(this.getNodeParameter('format', itemIndex, 'pdf'));
	if (format !== 'pdf' && format !== 'tiff') {
		const message = `Format must be "pdf" or "tiff", not "${format}"`;
		throw new NodeOperationError(this.getNode(), message, { itemIndex });
	}
	const binaryPropertyName = requiredString(
		this,
		'binaryPropertyName',
		'Put Output File in Field',
		itemIndex,
	);
	return await outputFaxFile(this, itemIndex, {
		path: `/accounts/${encodeURIComponent(userId)}/files/${encodeURIComponent(faxId)}`,
		qs: { format },
		faxId,
		userId,
		format,
		baseName: faxId,
		binaryPropertyName,
	});
}
