// A trigger item's fax facts saved with its execution, to find the execution by fax (the Save
// Numbers in Custom Data option decides the numbers). Entry: saveTriggerItemCustomData().
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { saveFaxCustomData } from '../logging/customData';

export function saveTriggerItemCustomData(
	context: IExecuteFunctions,
	json: IDataObject,
	numbers: boolean,
): void {
	const { faxId, event, status, webhookId: deliveryId, from, to } = json;
	saveFaxCustomData(context, { faxId, event, status, deliveryId, from, to }, { numbers });
}
