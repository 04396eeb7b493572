import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { outputBinaryField } from '../shared/outputFile';
import { faxIdField, faxOfItem, FAX_UNTRUSTED } from './shared/fields';
import { outputFaxFile } from './shared/faxFile';
import { downloadFaxFile } from '../../shared/api/faxFiles';
import { DOWNLOADS_AT_ONCE } from '../shared/nodeOptions';
import { requestScope } from '../shared/requests';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Download Report',
	value: 'downloadReport',
	action: 'Download the confirmation report of a fax',
	description: 'Download the confirmation (transmission) report of a fax as a PDF file',
};

export const maxItemsAtOnce = DOWNLOADS_AT_ONCE;
export const untrusted = FAX_UNTRUSTED;

export const toolDescription =
	'Download the transmission report (PDF) of a sent fax. Needs the fax ID (the "id" from the fax list). Returns the file\'s name, type and size; the file itself stays in n8n\'s execution data.';

const properties: INodeProperties[] = [
	...userIdFields(),
	faxIdField('ID of the fax whose confirmation report to download'),
	outputBinaryField('confirmation report (PDF)'),
];

const displayOptions = { show: { resource: ['fax'], operation: ['downloadReport'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const { userId, faxId } = faxOfItem(this, itemIndex);
	const path = `/accounts/${encodeURIComponent(userId)}/report/${encodeURIComponent(faxId)}`;
	// The report is named apart from the fax document so both can sit in one folder.
	const download = async () =>
		await downloadFaxFile(this, {
			path,
			format: 'pdf',
			baseName: `report-${faxId}`,
			...requestScope(this, itemIndex),
		});
	return await outputFaxFile(this, itemIndex, { faxId, userId }, download);
}
