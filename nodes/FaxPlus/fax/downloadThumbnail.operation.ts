import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { outputBinaryField } from '../shared/outputFile';
import { DOWNLOADS_AT_ONCE } from '../shared/nodeOptions';
import { apiDownload } from '../shared/requests';
import { safeFileName } from '../../shared/api/faxFiles';
import { faxIdField, faxOfItem, FAX_UNTRUSTED } from './shared/fields';
import { outputFaxFile } from './shared/faxFile';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Download Thumbnail',
	value: 'downloadThumbnail',
	action: 'Download the thumbnail of a fax',
	description: 'Download the JPEG thumbnail of a fax as a file',
};

export const maxItemsAtOnce = DOWNLOADS_AT_ONCE;
export const untrusted = FAX_UNTRUSTED;

export const toolDescription =
	"Download the JPEG thumbnail of a fax's first page. Needs the fax ID (the \"id\" from the fax list). Returns the file's name, type and size; the image itself stays in n8n's execution data.";

const properties: INodeProperties[] = [
	...userIdFields(),
	faxIdField('ID of the fax whose thumbnail to download'),
	outputBinaryField('JPEG thumbnail'),
];

const displayOptions = { show: { resource: ['fax'], operation: ['downloadThumbnail'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const { userId, faxId } = faxOfItem(this, itemIndex);
	return await outputFaxFile(this, itemIndex, { faxId, userId }, async () => {
		const { data } = await apiDownload(this, {
			method: 'GET',
			path: `/accounts/${encodeURIComponent(userId)}/thumbnail/${encodeURIComponent(faxId)}`,
			itemIndex,
			answer: 'thumbnail',
		});
		// The spec answers a "JPEG image as binary content".
		return { data, fileName: `${safeFileName(faxId)}.jpg`, mimeType: 'image/jpeg' };
	});
}
