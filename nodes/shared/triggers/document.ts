// "Download Fax Document"; never throws: a failure becomes `documentError`.
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { downloadFaxFile } from '../api/faxFiles';
import { idOf, isObject } from './output';
import { messageOf } from './recordOnce';
import type { TriggerOptions } from './settings';

export const DOCUMENT_EVENTS: readonly string[] = ['fax_received', 'fax_sent'];

/** Asks `self` first (a member's token names no other user), then the user the delivery names. */
export async function withDocument(
	context: IExecuteFunctions | IPollFunctions,
	options: TriggerOptions,
	json: IDataObject,
): Promise<INodeExecutionData> {
	const data = isObject(json.data) ? json.data : {};
	const faxId = idOf(json.faxId);
	const userId = idOf(data.uid) ?? idOf(data.user_id);
	const withError = (documentError: string) => ({ json: { ...json, documentError } });
	if (faxId === undefined)
		return withError(
			'The delivery names no fax ID (hook.id or data.id), so no document was downloaded',
		);
	const format = options.documentFormat === 'tiff' ? 'tiff' : 'pdf';
	const download = async (user: string) =>
		await downloadFaxFile(context, {
			path: `/accounts/${encodeURIComponent(user)}/files/${encodeURIComponent(faxId)}`,
			qs: { format },
			format,
			baseName: faxId,
		});
	try {
		const file = await download('self').catch(async (error: unknown) => {
			// Fax.Plus answered that this user has no such fax, or may not name the user.
			const notThisUsers =
				error instanceof NodeApiError && ['400', '403', '404'].includes(String(error.httpCode));
			if (userId === undefined || userId === 'self' || !notThisUsers) throw error;
			return await download(userId);
		});
		const binary = await context.helpers.prepareBinaryData(file.data, file.fileName, file.mimeType);
		return { json, binary: { [options.binaryPropertyName || 'data']: binary } };
	} catch (error) {
		return withError(messageOf(error));
	}
}
