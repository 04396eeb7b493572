import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { downloadFaxFile } from '../../api/faxFiles';
import type { FaxFileFormat, FaxFileReference } from './types';

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
	const { data, fileName, mimeType } = await downloadFaxFile(context, {
		path: download.path,
		qs: download.qs,
		format: download.format,
		baseName: download.baseName,
		itemIndex,
	});
	const binary = await context.helpers.prepareBinaryData(data, fileName, mimeType);

	const input = context.getInputData()[itemIndex];
	const inputJson = input?.json ?? {};
	const reference: FaxFileReference = { faxId: download.faxId, userId: download.userId };
	const json: IDataObject = Object.keys(inputJson).length > 0 ? { ...inputJson } : { ...reference };
	return [{ json, binary: { ...input?.binary, [download.binaryPropertyName]: binary } }];
}
