// The trigger's execute() phase: n8n calls it in the run, with the items webhook() returned as
// its input, on whichever process runs the execution (a queue worker too), with the full
// execute context. Here
// - the durable record is written (nodes/triggers/recordOnce.ts): one entry per delivery in the
//   node's own record in n8n's processed-data store, its fax-level key (nodes/triggers/faxKeys.ts)
//   or, without one, its webhook-id; beside the Fax.Plus Polling Trigger also the fax's entry
//   in the workflow's shared record. A repeat that reached another process, came after a
//   restart, or a fax event the polling trigger already passed on gives a run with no output
//   item: no second fax;
// - "Download Fax Document" runs, after n8n has answered Fax.Plus, for signed deliveries only;
//   a failure becomes `documentError` on the item.
// Nothing here reads or writes the workflow's static data (workers run with empty static data).
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { keyOfDeliveryId, keyOfRawBody } from './deduplication';
import { DOCUMENT_EVENTS, withDocument } from '../triggers/document';
import { faxKeysOfDelivery } from '../triggers/faxKeys';
import { eventOf, payloadOf } from '../triggers/output';
import {
	keepsRecord,
	recordFailureDescription,
	recordOnce,
	wasRecorded,
	messageOf,
	type ItemRecord,
	type RecordedBefore,
} from '../triggers/recordOnce';
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

/**
 * What a delivery item records. Its own record holds one key: the fax-level key (a repeat of
 * the delivery has the same signed body, so the same key), else its webhook-id (or body).
 * The shared record holds the fax-level keys, which the polling trigger also writes.
 */
export function recordKeysOf(json: IDataObject): ItemRecord {
	const fax = faxKeysOfDelivery(json.hook, json.data);
	const pages = String(json.event) === 'fax_page_received';
	return {
		own: fax.gate.length > 0 ? fax.gate : [keyOfItem(json)],
		// The fax list shows no pages: the polling trigger never brings one.
		shared: pages ? { gate: [], also: [] } : fax,
	};
}

function repeatHint(json: IDataObject, keys: ItemRecord, before: RecordedBefore): string {
	const webhookId = json.webhookId;
	const event = `This fax event (${String(json.event)}, fax ${String(json.faxId)})`;
	if (before.own.length === 0)
		return `${event} reached the workflow before, through the Fax.Plus Polling Trigger or another delivery (n8n's processed-data store), so no item was passed on`;
	if (keys.own[0] !== keyOfItem(json))
		return `${event} was passed on before, by ${deliveryName(json)} or another delivery of it (n8n's processed-data store), so no item was passed on`;
	return typeof webhookId === 'string' && webhookId !== ''
		? `Delivery ${webhookId} was processed before (n8n's processed-data store), so no item was passed on`
		: "A delivery with this body was processed before (n8n's processed-data store), so no item was passed on";
}

/** Why an unverified delivery's item comes without its document. */
export const UNVERIFIED_DOCUMENT =
	"Not downloaded: this delivery's signature was not verified (a test event: n8n cannot know the test endpoint's secret), and an unverified delivery does not choose which fax the credential fetches. Published, verified deliveries get their document.";

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
				if (wasRecorded(recordedBefore)) {
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
							description: recordFailureDescription(error, 'The delivery'),
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
			// A delivery whose signature was not verified (test mode) does not choose which fax
			// the credential fetches: it comes without the document, saying why.
			const item =
				json.signatureVerified === true
					? await withDocument(this, payload, options, json)
					: { json: { ...json, documentSkipped: UNVERIFIED_DOCUMENT } };
			// Never throws: a failed download becomes `documentError`.
			output.push({ ...item, pairedItem: { item: index } });
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
