import { userIdFields } from '../shared/descriptions';
import { faxIdField, faxOfItem, outputBinaryField } from './shared/fields';
import { outputFaxFile } from './shared/files';
import { downloadFaxFile } from '../../shared/api/faxFiles';
import { DOWNLOADS_AT_ONCE } from '../shared/nodeOptions';
import type { FaxPlusOperation } from '../shared/types';

export const downloadReport: FaxPlusOperation = {
	toolDescription:
		'Download the transmission report (PDF) of a sent fax. Needs the fax ID (the "id" from the fax list). Returns the file\'s name, type and size; the file itself stays in n8n\'s execution data.',
	description: [
		...userIdFields(),
		faxIdField('ID of the fax whose confirmation report to download'),
		outputBinaryField('confirmation report (PDF)'),
	],
	maxItemsAtOnce: DOWNLOADS_AT_ONCE,
	async execute(itemIndex) {
		const { userId, faxId } = faxOfItem(this, itemIndex);
		const path = `/accounts/${encodeURIComponent(userId)}/report/${encodeURIComponent(faxId)}`;
		// The report is named apart from the fax document so both can sit in one folder.
		const download = async () =>
			await downloadFaxFile(this, { path, format: 'pdf', baseName: `report-${faxId}`, itemIndex });
		return await outputFaxFile(this, itemIndex, { faxId, userId }, download);
	},
};
