import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { downloadFaxFile } from '../../../api/faxFiles';
import { runsAsTool } from '../../shared/output';
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
	const reference: FaxFileReference = { faxId: download.faxId, userId: download.userId };
	return fileItem(context, itemIndex, reference, download.binaryPropertyName, binary, data.length);
}

/**
 * The output item of a download: the input's JSON and files plus the new file. Run as a tool,
 * the JSON describes the file instead, because n8n hands an agent the JSON only.
 */
export function fileItem(
	context: IExecuteFunctions,
	itemIndex: number,
	reference: FaxFileReference,
	binaryPropertyName: string,
	binary: IBinaryData,
	size: number,
): INodeExecutionData[] {
	const input = context.getInputData()[itemIndex];
	const inputJson = input?.json ?? {};
	let json: IDataObject = Object.keys(inputJson).length > 0 ? { ...inputJson } : { ...reference };
	if (runsAsTool(context)) {
		json = {
			...reference,
			fileName: binary.fileName ?? '',
			mimeType: binary.mimeType,
			fileSizeBytes: size,
			binaryField: binaryPropertyName,
			message:
				`Downloaded ${binary.fileName ?? 'the file'} (${binary.mimeType}, ${size} bytes). The file itself is kept in ` +
				`this tool run's output, binary field "${binaryPropertyName}", in n8n's execution data; an agent receives only this text. ` +
				'To read what a fax says, use the Get OCR operation with the same fax ID.',
		};
	}
	return [{ json, binary: { ...input?.binary, [binaryPropertyName]: binary } }];
}
