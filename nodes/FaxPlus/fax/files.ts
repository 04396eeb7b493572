import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { faxPlusApiDownload } from '../transport';
import type { FaxFileFormat, FaxFileReference } from './types';

export const MIME_TYPES: Record<FaxFileFormat, string> = { pdf: 'application/pdf', tiff: 'image/tiff' };

/** A file name without the characters file systems refuse. */
export function safeFileName(name: string): string {
	return name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_');
}

export interface FaxFileDownload {
	path: string;
	qs?: IDataObject;
	faxId: string;
	userId: string;
	/** The format asked for; the answer's Content-Type wins when it names PDF or TIFF. */
	format: FaxFileFormat;
	/** The file name without extension, e.g. the fax id. */
	baseName: string;
	binaryPropertyName: string;
}

/**
 * Downloads a fax file and outputs it as binary data in the chosen field, keeping
 * what the input item carried (its JSON and files).
 */
export async function outputFaxFile(
	context: IExecuteFunctions,
	itemIndex: number,
	download: FaxFileDownload,
): Promise<INodeExecutionData[]> {
	const { data, contentType } = await faxPlusApiDownload(context, {
		method: 'GET',
		path: download.path,
		qs: download.qs,
		itemIndex,
	});
	const format = formatOfContentType(contentType) ?? download.format;
	const fileName = `${safeFileName(download.baseName)}.${format}`;
	const binary = await context.helpers.prepareBinaryData(data, fileName, MIME_TYPES[format]);

	const input = context.getInputData()[itemIndex];
	const inputJson = input?.json ?? {};
	const reference: FaxFileReference = { faxId: download.faxId, userId: download.userId };
	const json: IDataObject = Object.keys(inputJson).length > 0 ? { ...inputJson } : { ...reference };
	return [{ json, binary: { ...input?.binary, [download.binaryPropertyName]: binary } }];
}

/** PDF or TIFF when a Content-Type names one of them. */
export function formatOfContentType(contentType: string | undefined): FaxFileFormat | undefined {
	const type = (contentType ?? '').trim().toLowerCase();
	if (type === 'application/pdf') return 'pdf';
	if (type === 'image/tiff' || type === 'image/tif') return 'tiff';
	return undefined;
}
