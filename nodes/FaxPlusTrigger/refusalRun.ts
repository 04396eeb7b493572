// A delivery refused for its signature, shown in n8n's Executions list: webhook() hands the run a
// marker item (at most one per endpoint an hour in each process: RefusalRunGate), and execute()
// fails the run with its words. Entry: refusalRunItem(), then refusalOfItem() and the gate.
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

/**
 * One refusal run per endpoint an hour, per node instance (so per process: nodes/shared/n8n/README.md),
 * keyed by the workflow and node (one webhook URL), which n8n chooses, never the request.
 */
export class RefusalRunGate {
	private readonly shown = new Map<string, { at: number; endpointId?: string }>();

	/**
	 * Whether a refusal at `webhook` starts a run at `now` (epoch ms). `endpointId` is the endpoint
	 * activation recorded: unrecorded in its first moments, which counts as the same endpoint;
	 * another recorded one (the endpoint replaced) is a new endpoint.
	 */
	admits(webhook: string, endpointId: string | undefined, now: number): boolean {
		const last = this.shown.get(webhook);
		const replaced =
			last?.endpointId !== undefined && endpointId !== undefined && endpointId !== last.endpointId;
		// A clock that went back counts as a new window, so nothing is held back for long.
		if (last && !replaced && now >= last.at && now - last.at < REFUSAL_RUN_WINDOW_MS) {
			last.endpointId ??= endpointId;
			return false;
		}
		// Re-inserted, so the map's order is the order of the last runs.
		this.shown.delete(webhook);
		if (this.shown.size >= MAX_WEBHOOKS)
			this.shown.delete(this.shown.keys().next().value as string);
		this.shown.set(webhook, { at: now, endpointId });
		return true;
	}
}

/** One refusal run per endpoint in this window: a flood of forged signatures costs one execution. */
export const REFUSAL_RUN_WINDOW_MS = 60 * 60 * 1000;
/** Far more than the webhook triggers one process runs; the oldest go first. */
const MAX_WEBHOOKS = 1000;

const REFUSAL_KEY = 'signatureRefusal';
