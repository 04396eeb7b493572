// The trigger's execute() phase: a refusal run fails (its marker: triggers/output.ts), then the
// duplicate check (recordOnce.ts), then the document.
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { DOCUMENT_EVENTS, withDocument } from '../shared/triggers/document';
import { faxKeysOfDelivery } from '../shared/triggers/faxKeys';
import { refusalOfItem } from '../shared/triggers/output';
import {
	isPaired,
	itemWithoutRecord,
	recordOnce,
	wasRecorded,
	type RecordedBefore,
} from '../shared/triggers/recordOnce';
import { readOptions } from '../shared/triggers/settings';
import { saveTriggerItemCustomData } from '../shared/triggers/itemCustomData';
import { logDebug } from '../shared/logging/log';
import { operationError } from '../shared/transport/nodeErrors';

function repeatHint(json: IDataObject, before: RecordedBefore): string {
	if (before.own.length > 0)
		return `Delivery ${String(json.webhookId)} was processed before (n8n's processed-data store), so no item was passed on`;
	return `This fax event (${String(json.event)}, fax ${String(json.faxId)}) reached the workflow before, through the Fax.Plus Polling Trigger or another delivery (n8n's processed-data store), so no item was passed on`;
}

const UNVERIFIED_DOCUMENT =
	"Not downloaded: this delivery's signature was not verified (a test event: n8n cannot know the test endpoint's secret), and an unverified delivery does not choose which fax the credential fetches. Published, verified deliveries get their document.";

export async function runDeliveries(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const options = readOptions(this);
	// A test event keeps no record.
	const durable = this.getMode() !== 'manual';
	const paired = isPaired(this);
	const output: INodeExecutionData[] = [];
	for (let index = 0; index < items.length; index++) {
		const json = items[index].json;
		// A refused signature's marker: no delivery, so no record; the run fails with its words.
		const refusal = refusalOfItem(json);
		if (refusal) {
			if (!this.continueOnFail()) throw operationError(this, { itemIndex: index, ...refusal });
			output.push({ json: { error: refusal.message, ...refusal }, pairedItem: { item: index } });
			continue;
		}
		if (durable) {
			try {
				// Its own record: the webhook-id, Fax.Plus's idempotency key (the same on every retry
				// and replay). The fax event goes only in the record shared with a paired polling
				// trigger, which brings the same fax without a webhook-id. n8n stores each key as an MD5.
				const own = [`id:${String(json.webhookId ?? '')}`];
				const shared = faxKeysOfDelivery(json.hook, json.data);
				const before = await recordOnce(this, { own, shared }, options.maxEntries, paired);
				if (wasRecorded(before)) {
					const message = repeatHint(json, before);
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
