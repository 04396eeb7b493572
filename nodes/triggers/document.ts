// The "Download Fax Document" option: attaches the fax's document to either trigger's item.
//
// The webhook trigger downloads in its execute() phase, after n8n has answered Fax.Plus, so
// the answer never waits for it and a failed download cannot be retried by Fax.Plus: the item
// is still emitted, without the binary and with `documentError`, and the delivery stays
// recorded as processed. Nothing here throws: an error would fail the run over its document.
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

/** Events whose fax has a document: the received one, or the one that was sent. */
export const DOCUMENT_EVENTS: readonly string[] = ['fax_received', 'fax_sent'];

/** Whether Fax.Plus answered that this user has no such fax, or may not name the user (400, 403, 404). */
function notThisUsers(error: unknown): boolean {
	return error instanceof NodeApiError && ['400', '403', '404'].includes(String(error.httpCode));
}

/**
 * The item with the fax document in the chosen binary field, or with `documentError`. The fax:
 * the item's faxId (a delivery's hook.id, else data.id). Downloaded as `self` first: a member's
 * token may name no user but `self` (faxplus-js api/accounts-api.ts: "For members user_id can
 * only be self"), and a fax of the token's own user costs one request. Only when `self` has no
 * such fax is the user the delivery names (data.uid / data.user_id, "Sender user ID") asked, which
 * an admin's token may read.
 */
export async function withDocument(
	context: IExecuteFunctions | IPollFunctions,
	options: TriggerOptions,
	json: IDataObject,
): Promise<INodeExecutionData> {
	const data = isObject(json.data) ? json.data : {};
	const faxId = idOf(json.faxId);
	const userId = idOf(data.uid) ?? idOf(data.user_id);
	if (faxId === undefined) {
		return {
			json: {
				...json,
				documentError:
					'The delivery names no fax ID (hook.id or data.id), so no document was downloaded',
			},
		};
	}
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
			if (userId === undefined || userId === 'self' || !notThisUsers(error)) throw error;
			return await download(userId);
		});
		const binary = await context.helpers.prepareBinaryData(file.data, file.fileName, file.mimeType);
		return { json, binary: { [options.binaryPropertyName || 'data']: binary } };
	} catch (error) {
		return { json: { ...json, documentError: messageOf(error) } };
	}
}
