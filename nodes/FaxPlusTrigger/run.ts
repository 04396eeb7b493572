// The trigger's execute() phase: n8n calls it in the run, with the items webhook() returned as
// its input, on whichever process runs the execution (a queue worker too), with the full
// execute context. Here
// - the durable record is written: n8n's processed-data store (`checkProcessedAndRecord`, scope
//   node, mode entries, at most "Duplicate Check Max Entries"), so a repeat that reached another
//   process, or came after a restart, gives a run with no output item: no second fax;
// - "Download Fax Document" runs, after n8n has answered Fax.Plus; a failure becomes
//   `documentError` on the item.
// Nothing here reads or writes the workflow's static data (workers run with empty static data).
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { keyOfDeliveryId, keyOfRawBody } from './deduplication';
import { DOCUMENT_EVENTS, withDocument } from '../triggers/document';
import { eventOf, payloadOf } from '../triggers/output';
import { keepsRecord, messageOf, recordOnce } from '../triggers/recordOnce';
import { readOptions } from '../triggers/settings';

/** The record's key of a delivery item: its webhook-id, else (legacy hooks) its body. */
export function keyOfItem(json: IDataObject): string {
	const webhookId = json.webhookId;
	if (typeof webhookId === 'string' && webhookId !== '') return keyOfDeliveryId(webhookId);
	return keyOfRawBody(
		Buffer.from(JSON.stringify({ hook: json.hook ?? {}, data: json.data ?? {} }), 'utf8'),
	);
}

function repeatHint(json: IDataObject): string {
	const webhookId = json.webhookId;
	return typeof webhookId === 'string' && webhookId !== ''
		? `Delivery ${webhookId} was processed before (n8n's processed-data store), so no item was passed on`
		: "A delivery with this body was processed before (n8n's processed-data store), so no item was passed on";
}

/** Names the delivery in an error, so a failed execution says which delivery it holds. */
function deliveryName(json: IDataObject): string {
	return typeof json.webhookId === 'string' && json.webhookId !== ''
		? `delivery ${json.webhookId}`
		: 'the fax';
}

export async function runDeliveries(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const options = readOptions(this);
	const durable = keepsRecord(this);
	const output: INodeExecutionData[] = [];
	for (let index = 0; index < items.length; index++) {
		const json = items[index].json;
		if (durable) {
			try {
				// A delivery already processed gives no output item: the run ends here, with a hint
				// that names it (seen in the editor and in the stored execution).
				if (!(await recordOnce(this, keyOfItem(json), options.maxEntries))) {
					this.addExecutionHints({
						message: repeatHint(json),
						type: 'info',
						location: 'outputPane',
					});
					continue;
				}
			} catch (error) {
				if (!this.continueOnFail()) {
					throw new NodeOperationError(
						this.getNode(),
						`The duplicate check could not use n8n's processed-data store, so ${deliveryName(json)} was not passed on`,
						{
							itemIndex: index,
							description: `${messageOf(error)}. The delivery is kept in this failed execution: retry it from the executions list once n8n can reach its database.`,
						},
					);
				}
				output.push({
					json: { ...json, duplicateCheckError: messageOf(error) },
					pairedItem: { item: index },
				});
				continue;
			}
		}
		const payload = payloadOf(json);
		// Unsigned legacy deliveries never choose a fax to download (activation refuses it too).
		const download = options.downloadDocument && !options.useLegacyHooks;
		if (payload && download && DOCUMENT_EVENTS.includes(eventOf(payload) ?? '')) {
			// Never throws: a failed download becomes `documentError`.
			output.push({
				...(await withDocument(this, payload, options, json)),
				pairedItem: { item: index },
			});
		} else {
			output.push({
				json,
				...(items[index].binary ? { binary: items[index].binary } : {}),
				pairedItem: { item: index },
			});
		}
	}
	return [output];
}
