// The trigger's execute() phase: n8n calls it in the run, with the items webhook() returned as
// its input, on whichever process runs the execution (a queue worker too), with the full
// execute context. Here
// - the durable record is written: n8n's processed-data store (`checkProcessedAndRecord`, scope
//   workflow, mode entries, at most "Duplicate Check Max Entries"), with the delivery's
//   webhook-id and its fax-level key (nodes/triggers/faxKeys.ts), which the Fax.Plus Polling
//   Trigger records too. A repeat that reached another process, came after a restart, or a fax
//   event the polling trigger already passed on gives a run with no output item: no second fax;
// - "Download Fax Document" runs, after n8n has answered Fax.Plus; a failure becomes
//   `documentError` on the item.
// Nothing here reads or writes the workflow's static data (workers run with empty static data).
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { keyOfDeliveryId, keyOfRawBody } from './deduplication';
import { DOCUMENT_EVENTS, withDocument } from '../triggers/document';
import { faxKeysOfDelivery, type RecordKeys } from '../triggers/faxKeys';
import { eventOf, payloadOf } from '../triggers/output';
import { keepsRecord, messageOf, recordOnce } from '../triggers/recordOnce';
import { readOptions } from '../triggers/settings';
import { saveTriggerItemCustomData } from '../logging/customData';

/** The record's key of a delivery item: its webhook-id, else (legacy hooks) its body. */
export function keyOfItem(json: IDataObject): string {
	const webhookId = json.webhookId;
	if (typeof webhookId === 'string' && webhookId !== '') return keyOfDeliveryId(webhookId);
	return keyOfRawBody(
		Buffer.from(JSON.stringify({ hook: json.hook ?? {}, data: json.data ?? {} }), 'utf8'),
	);
}

/** What a delivery item records: its webhook-id (or body) and its fax-level keys. */
export function recordKeysOf(json: IDataObject): RecordKeys {
	const fax = faxKeysOfDelivery(json.hook, json.data);
	return { gate: [keyOfItem(json), ...fax.gate], also: fax.also };
}

function repeatHint(json: IDataObject, keys: RecordKeys, recordedBefore: string[]): string {
	const webhookId = json.webhookId;
	if (!recordedBefore.includes(keys.gate[0]))
		return `This fax event (${String(json.event)}, fax ${String(json.faxId)}) reached the workflow before, through another delivery or the Fax.Plus Polling Trigger (n8n's processed-data store), so no item was passed on`;
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
				const keys = recordKeysOf(json);
				const recordedBefore = await recordOnce(this, keys, options.maxEntries);
				if (recordedBefore.length > 0) {
					this.addExecutionHints({
						message: repeatHint(json, keys, recordedBefore),
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
		saveTriggerItemCustomData(this, json, options.customDataNumbers);
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
