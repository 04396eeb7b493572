import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { userIdFields } from '../shared/descriptions';
import { requiredString } from '../shared/items';
import { faxPlusApiDownload } from '../../api/transport';
import { safeFileName } from '../../api/faxFiles';
import { faxIdField, faxOfItem, outputBinaryField } from './shared/fields';
import { fileItem } from './shared/files';
import type { ThumbnailReference } from './shared/types';
import { DOWNLOADS_AT_ONCE } from '../shared/nodeOptions';

export const option: INodePropertyOptions = {
	name: 'Download Thumbnail',
	value: 'downloadThumbnail',
	action: 'Download the thumbnail of a fax',
	description: 'Download the JPEG thumbnail of a fax as a file',
};

/** What an AI agent reads about this operation as a tool. */
export const toolDescription =
	"Download the JPEG thumbnail of a fax's first page. Needs the fax ID (the \"id\" from the fax list). Returns the file's name, type and size; the image itself stays in n8n's execution data.";

export const description: INodeProperties[] = [
	...userIdFields('fax', 'downloadThumbnail'),
	faxIdField('downloadThumbnail', 'ID of the fax whose thumbnail to download'),
	outputBinaryField('downloadThumbnail', 'JPEG thumbnail'),
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

	const { data } = await faxPlusApiDownload(this, {
		method: 'GET',
		path: `/accounts/${encodeURIComponent(userId)}/thumbnail/${encodeURIComponent(faxId)}`,
		itemIndex,
	});
	// The spec answers a "JPEG image as binary content".
	const binary = await this.helpers.prepareBinaryData(
		data,
		`${safeFileName(faxId)}.jpg`,
		'image/jpeg',
	);
	const reference: ThumbnailReference = { faxId, userId };
	return fileItem(this, itemIndex, reference, binaryPropertyName, binary, data.length);
}
