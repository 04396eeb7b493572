import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { userIdFields } from '../shared/descriptions';
import { requiredString } from '../shared/items';

import { faxIdField, outputBinaryField, faxOfItem } from './shared/fields';
import { outputFaxFile } from './shared/files';
import { DOWNLOADS_AT_ONCE } from '../shared/nodeOptions';

export const option: INodePropertyOptions = {
	name: 'Download Report',
	value: 'downloadReport',
	action: 'Download the confirmation report of a fax',
	description: 'Download the confirmation (transmission) report of a fax as a PDF file',
};

/** What an AI agent reads about this operation as a tool. */
export const toolDescription =
	'Download the transmission report (PDF) of a sent fax. Needs the fax ID (the "id" from the fax list). Returns the file\'s name, type and size; the file itself stays in n8n\'s execution data.';

export const description: INodeProperties[] = [
	...userIdFields('fax', 'downloadReport'),
	faxIdField('downloadReport', 'ID of the fax whose confirmation report to download'),
	outputBinaryField('downloadReport', 'confirmation report (PDF)'),
];

export const maxItemsAtOnce = DOWNLOADS_AT_ONCE;

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const { userId, faxId } = faxOfItem(this, itemIndex);
	const binaryPropertyName = requiredString(
		this,
		'binaryPropertyName',
		'Put Output File in Field',
		itemIndex,
	);
	// The report is named apart from the fax document so both can sit in one folder.
	return await outputFaxFile(this, itemIndex, {
		path: `/accounts/${encodeURIComponent(userId)}/report/${encodeURIComponent(faxId)}`,
		faxId,
		userId,
		format: 'pdf',
		baseName: `report-${faxId}`,
		binaryPropertyName,
	});
}
