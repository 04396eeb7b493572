// A fax file as a download operation outputs it: in the output field, beside the input's JSON.
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { runsAsTool } from '../../../shared/n8n/executeContext';
import { outputFieldOf } from '../../shared/outputFile';

/** Downloads a fax file into the output field, keeping the input's JSON and files. */
export async function outputFaxFile(
	context: IExecuteFunctions,
	itemIndex: number,
	reference: { faxId: string; userId: string },
	download: () => Promise<{ data: Buffer; fileName: string; mimeType: string }>,
): Promise<INodeExecutionData[]> {
	const binaryPropertyName = outputFieldOf(context, itemIndex);
	const { data, fileName, mimeType } = await download();
	const binary = await context.helpers.prepareBinaryData(data, fileName, mimeType);
	const input = context.getInputData()[itemIndex];
	const inputJson = input?.json ?? {};
	let json: IDataObject = Object.keys(inputJson).length > 0 ? { ...inputJson } : { ...reference };
	// As a tool the JSON describes the file: n8n hands an agent the JSON only.
	if (runsAsTool(context)) {
		json = {
			...reference,
			fileName,
			mimeType,
			fileSizeBytes: data.length,
			binaryField: binaryPropertyName,
			message:
				`Downloaded ${fileName} (${mimeType}, ${data.length} bytes). The file itself is kept in ` +
				`this tool run's output, binary field "${binaryPropertyName}", in n8n's execution data; an agent receives only this text. ` +
				'To read what a fax says, use the Get OCR operation with the same fax ID.',
		};
	}
	return [{ json, binary: { ...input?.binary, [binaryPropertyName]: binary } }];
}
