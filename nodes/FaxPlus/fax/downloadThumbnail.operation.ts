import { userIdFields } from '../shared/descriptions';
import { faxPlusApiDownload } from '../../shared/transport/transport';
import { safeFileName } from '../../shared/api/faxFiles';
import { faxIdField, faxOfItem, outputBinaryField } from './shared/fields';
import { outputFaxFile } from './shared/files';
import { DOWNLOADS_AT_ONCE } from '../shared/nodeOptions';
import type { FaxPlusOperation } from '../shared/types';

export const downloadThumbnail: FaxPlusOperation = {
	toolDescription:
		"Download the JPEG thumbnail of a fax's first page. Needs the fax ID (the \"id\" from the fax list). Returns the file's name, type and size; the image itself stays in n8n's execution data.",
	description: [
		...userIdFields(),
		faxIdField('ID of the fax whose thumbnail to download'),
		outputBinaryField('JPEG thumbnail'),
	],
	maxItemsAtOnce: DOWNLOADS_AT_ONCE,
	async execute(itemIndex) {
		const { userId, faxId } = faxOfItem(this, itemIndex);
		return await outputFaxFile(this, itemIndex, { faxId, userId }, async () => {
			const { data } = await faxPlusApiDownload(this, {
				method: 'GET',
				path: `/accounts/${encodeURIComponent(userId)}/thumbnail/${encodeURIComponent(faxId)}`,
				itemIndex,
				answer: 'thumbnail',
			});
			// The spec answers a "JPEG image as binary content".
			return { data, fileName: `${safeFileName(faxId)}.jpg`, mimeType: 'image/jpeg' };
		});
	},
};
