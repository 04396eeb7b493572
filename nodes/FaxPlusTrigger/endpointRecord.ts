// The endpoint the trigger registered for each webhook URL, in the node's static data: activation
// writes it (lifecycle.ts), webhook.ts reads it to name the endpoint of a refused delivery. Its own
// file, so webhook() reaches the key without the activation's imports.
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { isObject } from '../shared/triggers/output';

/** Where the node's static data keeps the endpoint of each webhook URL, `{ [url]: ep_ id }`. */
export const ENDPOINTS_KEY = 'endpoints';

/** The endpoint recorded for the URL. */
export function recordedEndpoint(context: IHookFunctions, url: string): string | undefined {
	const id = endpointsOf(context)[url];
	return typeof id === 'string' ? id : undefined;
}

/** Records (or with undefined forgets) the URL's endpoint; a new object, so n8n sees the change. */
export function writeEndpoint(context: IHookFunctions, url: string, id: string | undefined): void {
	const next: IDataObject = { ...endpointsOf(context) };
	if (id === undefined) delete next[url];
	else next[url] = id;
	const staticData = context.getWorkflowStaticData('node');
	if (Object.keys(next).length === 0) delete staticData[ENDPOINTS_KEY];
	else staticData[ENDPOINTS_KEY] = next;
}

function endpointsOf(context: IHookFunctions): IDataObject {
	const stored = context.getWorkflowStaticData('node')[ENDPOINTS_KEY];
	return isObject(stored) ? stored : {};
}
