// The polling trigger's execute() phase: each fax once (recordOnce.ts), then its document.
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { withDocument } from '../triggers/document';
import { faxKeyOf } from '../triggers/faxKeys';
import { idOf, isObject } from '../triggers/output';
import {
	pairedWith,
	messageOf,
	itemWithoutRecord,
	recordOnce,
	wasRecorded,
} from '../triggers/recordOnce';
import { readOptions } from '../triggers/settings';
import { saveTriggerItemCustomData } from '../logging/customData';
import { AGAIN_FIELD, fetchTestEvent } from './poll';

/** The record's key of an emitted fax: its event and id, as the Fax.Plus Trigger records it. */
function keyOfPolledFax(json: IDataObject): string | undefined {
	const faxId = idOf(json.faxId);
	return faxId === undefined ? undefined : faxKeyOf(String(json.event), faxId);
}

export async function runPolledFaxes(
	this: IExecuteFunctions,
): Promise<INodeExecutionData[][] | null> {
	const pairing = pairedWith(this);
	if (this.getMode() === 'manual') return await fetchTestEvent(this);
	const items = this.getInputData();
	const options = readOptions(this);
	const { maxEntries } = options;
	const output: INodeExecutionData[] = [];
	for (let index = 0; index < items.length; index++) {
		const { [AGAIN_FIELD]: again, ...json } = items[index].json;
		const key = keyOfPolledFax(json);
		// Without the record a second look cannot tell whether a run passed the fax on.
		if (again === true && key === undefined) continue;
		if (key !== undefined) {
			try {
				const recordedBefore = await recordOnce(
					this,
					{ own: [key], shared: { gate: [key], also: [] } },
					maxEntries,
					pairing,
				);
				if (wasRecorded(recordedBefore)) {
					this.addExecutionHints({
						message: `Fax ${String(json.faxId)} was passed on by an earlier run (n8n's processed-data store), so no item was passed on${again === true ? ' (a second look: Look Again After)' : ''}`,
						type: 'info',
						location: 'outputPane',
					});
					continue;
				}
			} catch (error) {
				// A second look passes a fax on only on the record's word: without it, nothing twice.
				if (again === true) {
					this.addExecutionHints({
						message: `Fax ${String(json.faxId)} was not looked at again: n8n's processed-data store could not say whether an earlier run passed it on (${messageOf(error)})`,
						type: 'warning',
						location: 'outputPane',
					});
					continue;
				}
				const fax = `fax ${String(json.faxId)}`;
				output.push(itemWithoutRecord(this, error, { index, json }, fax, 'The fax'));
				continue;
			}
		}
		saveTriggerItemCustomData(this, json, options.customDataNumbers);
		// Never throws: a failed download becomes `documentError`.
		const item =
			options.downloadDocument && isObject(json.data)
				? await withDocument(this, options, json)
				: { json };
		output.push({ ...item, pairedItem: { item: index } });
	}
	return [output];
}
