import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { outputBinaryField } from '../shared/outputFile';
import { faxIdField, faxOfItem, FAX_UNTRUSTED } from './shared/fields';
import { outputFaxFile } from './shared/faxFile';
import { downloadFaxFile } from '../../shared/api/faxFiles';
import { DOWNLOADS_AT_ONCE } from '../shared/nodeOptions';
import { requestScope } from '../shared/requests';
import { choiceOf } from '../shared/values';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Download',
	value: 'download',
	action: 'Download a fax',
	description: 'Download the document of a fax as a PDF or TIFF file',
};

export const maxItemsAtOnce = DOWNLOADS_AT_ONCE;
export const untrusted = FAX_UNTRUSTED;

export const toolDescription =
	'Download the document of a fax as a PDF or TIFF file. Needs the fax ID (the "id" from the fax list). Returns the file\'s name, type and size; the file itself stays in n8n\'s execution data (an agent cannot read it: use Get OCR for the text).';

const properties: INodeProperties[] = [
	...userIdFields(),
	faxIdField('ID of the fax whose document to download'),
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
	},
	outputBinaryField('fax document'),
];

const displayOptions = { show: { resource: ['fax'], operation: ['download'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const { userId, faxId } = faxOfItem(this, itemIndex);
	const chosen = this.getNodeParameter('format', itemIndex, 'pdf');
	const format = choiceOf(this, itemIndex, 'Format', chosen, ['pdf', 'tiff'] as const);
	const path = `/accounts/${encodeURIComponent(userId)}/files/${encodeURIComponent(faxId)}`;
	const download = async () =>
		await downloadFaxFile(this, {
			path,
			qs: { format },
			format,
			baseName: faxId,
			...requestScope(this, itemIndex),
		});
	return await outputFaxFile(this, itemIndex, { faxId, userId }, download);
}
