import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { downloadFaxFile } from '../../../api/faxFiles';
import { runsAsTool } from '../../shared/output';
import { outputFieldOf } from './fields';

interface FaxFileReference {
	faxId: string;
	userId: string;
}

type FileRequest = Omit<Parameters<typeof downloadFaxFile>[1], 'itemIndex'>;

/** Downloads a fax file into the output field, keeping the input's JSON and files. */
export async function outputFaxFile(
	context: IExecuteFunctions,
	itemIndex: number,
	download: FileRequest & FaxFileReference,
): Promise<INodeExecutionData[]> {
	const binaryPropertyName = outputFieldOf(context, itemIndex);
	const { faxId, userId, ...request } = download;
	const { data, fileName, mimeType } = await downloadFaxFile(context, { ...request, itemIndex });
	const binary = await context.helpers.prepareBinaryData(data, fileName, mimeType);
	return fileItem(context, itemIndex, { faxId, userId }, binaryPropertyName, binary, data.length);
}

/** As a tool the JSON describes the file: n8n hands an agent the JSON only. */
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
