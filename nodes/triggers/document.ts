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
import { downloadFaxFile } from '../api/faxFiles';
import { idOf, isObject } from './output';
import { messageOf } from './recordOnce';
import type { TriggerOptions } from './settings';

/** Events whose fax has a document: the received one, or the one that was sent. */
export const DOCUMENT_EVENTS: readonly string[] = ['fax_received', 'fax_sent'];

/**
 * The item with the fax document in the chosen binary field, or with `documentError`. The fax:
 * the item's faxId (a delivery's hook.id, else data.id); its user: data.uid / data.user_id, else self.
 */
export async function withDocument(
	context: IExecuteFunctions | IPollFunctions,
	options: TriggerOptions,
	json: IDataObject,
): Promise<INodeExecutionData> {
	const data = isObject(json.data) ? json.data : {};
	const faxId = idOf(json.faxId);
	const userId = idOf(data.uid) ?? idOf(data.user_id) ?? 'self';
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
	try {
		const file = await downloadFaxFile(context, {
			path: `/accounts/${encodeURIComponent(userId)}/files/${encodeURIComponent(faxId)}`,
			qs: { format },
			format,
			baseName: faxId,
		});
		const binary = await context.helpers.prepareBinaryData(file.data, file.fileName, file.mimeType);
		return { json, binary: { [options.binaryPropertyName || 'data']: binary } };
	} catch (error) {
		return { json: { ...json, documentError: messageOf(error) } };
	}
}
