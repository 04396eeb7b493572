// A delivery refused for its signature, shown in n8n's Executions list: webhook() hands the run a
// marker item (at most one per endpoint an hour in each process: webhook.ts), and execute()
// fails the run with its words. Entry: refusalRunItem(), then refusalOfItem().
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/** The refusal's words, as execute() fails the run with them (no secret, no request content). */
export interface RefusalRun {
	message: string;
	description: string;
}

/** The marker item webhook() returns beside its 401: the run it starts fails with `refusal`. */
export function refusalRunItem(refusal: RefusalRun): INodeExecutionData {
	return { json: { [REFUSAL_KEY]: { ...refusal } } };
}

/** The refusal an item carries; undefined for a delivery's item, which never has the key (output.ts). */
export function refusalOfItem(json: IDataObject): RefusalRun | undefined {
	const marker = json[REFUSAL_KEY];
	if (typeof marker !== 'object' || marker === null || Array.isArray(marker)) return undefined;
	const { message, description } = marker as IDataObject;
	return typeof message === 'string' && typeof description === 'string'
		? { message, description }
		: undefined;
}

const REFUSAL_KEY = 'signatureRefusal';
