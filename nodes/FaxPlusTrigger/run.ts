// The trigger's execute() phase: duplicate check (recordOnce.ts), then the document.
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { createHash } from 'node:crypto';
import { DOCUMENT_EVENTS, withDocument } from '../triggers/document';
import { faxKeysOfDelivery } from '../triggers/faxKeys';
import {
	pairedWith,
	itemWithoutRecord,
	recordOnce,
	wasRecorded,
	type ItemRecord,
	type RecordedBefore,
} from '../triggers/recordOnce';
import { readOptions } from '../triggers/settings';
import { saveTriggerItemCustomData } from '../logging/customData';
import { logDebug } from '../logging/log';

/** The record's key of a delivery's webhook-id; a long one is hashed. */
function keyOfDeliveryId(id: string): string {
	return id.length <= 128
		? `id:${id}`
		: `idh:${createHash('sha256').update(id, 'utf8').digest('base64')}`;
}

/** Own record: webhook-id and fax-level keys; shared record: the fax-level keys. */
function recordKeysOf(json: IDataObject): ItemRecord {
	const fax = faxKeysOfDelivery(json.hook, json.data);
	const pages = String(json.event) === 'fax_page_received';
	return {
		own: [keyOfDeliveryId(String(json.webhookId ?? '')), ...fax.gate],
		// The fax list shows no pages: the polling trigger never brings one.
		shared: pages ? { gate: [], also: [] } : fax,
	};
}

function repeatHint(json: IDataObject, keys: ItemRecord, before: RecordedBefore): string {
	if (before.own.includes(keys.own[0]))
		return `Delivery ${String(json.webhookId)} was processed before (n8n's processed-data store), so no item was passed on`;
	const event = `This fax event (${String(json.event)}, fax ${String(json.faxId)})`;
	if (before.own.length > 0)
		return `${event} was passed on before, by another delivery of it (n8n's processed-data store), so no item was passed on`;
	return `${event} reached the workflow before, through the Fax.Plus Polling Trigger or another delivery (n8n's processed-data store), so no item was passed on`;
}

const UNVERIFIED_DOCUMENT =
	"Not downloaded: this delivery's signature was not verified (a test event: n8n cannot know the test endpoint's secret), and an unverified delivery does not choose which fax the credential fetches. Published, verified deliveries get their document.";

export async function runDeliveries(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const options = readOptions(this);
	// A test event keeps no record.
	const durable = this.getMode() !== 'manual';
	const pairing = pairedWith(this);
	const output: INodeExecutionData[] = [];
	for (let index = 0; index < items.length; index++) {
		const json = items[index].json;
		if (durable) {
			try {
				// A repeat ends the run here with no item and a hint naming it.
				const keys = recordKeysOf(json);
				// Two entries per delivery in its own record: its webhook-id and its fax event.
				const recordedBefore = await recordOnce(this, keys, 2 * options.maxEntries, pairing);
				if (wasRecorded(recordedBefore)) {
					const message = repeatHint(json, keys, recordedBefore);
					this.addExecutionHints({ message, type: 'info', location: 'outputPane' });
					logDebug(this, message, { event: 'delivery_repeat' });
					continue;
				}
			} catch (error) {
				const delivery = json.webhookId ? `delivery ${String(json.webhookId)}` : 'the fax';
				output.push(itemWithoutRecord(this, error, { index, json }, delivery, 'The delivery'));
				continue;
			}
		}
		saveTriggerItemCustomData(this, json, options.customDataNumbers);
		// An unverified delivery does not choose which fax the credential fetches.
		const item = !(options.downloadDocument && DOCUMENT_EVENTS.includes(String(json.event)))
			? { json }
			: json.signatureVerified === true
				? await withDocument(this, options, json)
				: { json: { ...json, documentSkipped: UNVERIFIED_DOCUMENT } };
		output.push({ ...item, pairedItem: { item: index } });
	}
	return [output];
}
