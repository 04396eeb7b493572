// The polling trigger's execute() phase: each fax once (recordOnce.ts), then its document.
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { withDocument } from '../shared/triggers/document';
import { faxKeyOf } from '../shared/triggers/faxKeys';
import { idOf, isObject } from '../shared/triggers/output';
import {
	isPaired,
	messageOf,
	itemWithoutRecord,
	recordOnce,
	wasRecorded,
} from '../shared/triggers/recordOnce';
import { readOptions } from '../shared/triggers/settings';
import { saveTriggerItemCustomData } from '../shared/triggers/itemCustomData';
import { AGAIN_FIELD, fetchTestEvent } from './poll';

export async function runPolledFaxes(this: IExecuteFunctions) {
	const paired = isPaired(this);
	if (this.getMode() === 'manual') return await fetchTestEvent(this);
	const items = this.getInputData();
	const options = readOptions(this);
	const output: INodeExecutionData[] = [];
	// Every fax's check at once: recordOnce.ts writes a record's waiting checks in one call.
	const checks = items.map(async ({ json }) => {
		const faxId = idOf(json.faxId);
		if (faxId === undefined) return { own: [], shared: [] };
		// Its event and id: the key the Fax.Plus Trigger records the fax under too.
		const key = faxKeyOf(String(json.event), faxId);
		const keys = { own: [key], shared: { gate: [key], also: [] } };
		return await recordOnce(this, keys, options.maxEntries, paired);
	});
	for (const check of checks) check.catch(() => undefined);
	for (let index = 0; index < items.length; index++) {
		const { [AGAIN_FIELD]: again, ...json } = items[index].json;
		const faxId = idOf(json.faxId);
		// Without the record a second look cannot tell whether a run passed the fax on.
		if (again === true && faxId === undefined) continue;
		if (faxId !== undefined) {
			try {
				if (wasRecorded(await checks[index])) {
					const message = `Fax ${String(json.faxId)} was passed on by an earlier run (n8n's processed-data store), so no item was passed on${again === true ? ' (a second look: Look Again After)' : ''}`;
					this.addExecutionHints({ message, type: 'info', location: 'outputPane' });
					continue;
				}
			} catch (error) {
				// A second look passes a fax on only on the record's word: without it, nothing twice.
				if (again === true) {
					const message = `Fax ${String(json.faxId)} was not looked at again: n8n's processed-data store could not say whether an earlier run passed it on (${messageOf(error)})`;
					this.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
					continue;
				}
				const fax = `fax ${String(json.faxId)}`;
				output.push(itemWithoutRecord(this, error, { index, json }, fax, 'The fax'));
				continue;
			}
		}
		saveTriggerItemCustomData(this, json, options.customDataNumbers);
		const item =
			options.downloadDocument && isObject(json.data)
				? await withDocument(this, options, json)
				: { json };
		output.push({ ...item, pairedItem: { item: index } });
	}
	return [output];
}
