// The legacy hook API (/hooks), to be decommissioned by Fax.Plus, for the Legacy Hook resource.
import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { FAX_EVENTS, type FaxEvent } from './events';
import { entriesOf } from './lists';
import { responseOf } from './responses';
import { faxPlusApiDeleteIfExists, faxPlusApiRequest, type FaxPlusContext } from './transport';

export interface LegacyHook {
	id: string;
	target: string;
	event: FaxEvent;
	numbers?: string[];
}

/**
 * The event the spec lists for hooks and Fax.Plus's SDK does not (its WebhookEventType has
 * fax_sent and fax_received only): Fax.Plus may refuse it on the hook list.
 */
export const SDK_UNLISTED_HOOK_EVENT: FaxEvent = 'fax_page_received';

/** Whether the error is Fax.Plus refusing the event itself: 400/422 for the event its SDK does not list. */
function isRefusedHookEvent(error: unknown, event: FaxEvent): boolean {
	if (event !== SDK_UNLISTED_HOOK_EVENT) return false;
	const status = responseOf(error).status;
	return status === 400 || status === 422;
}

/**
 * The hooks of every event, and the events Fax.Plus refused. `GET /hooks` requires `event`
 * (Fax.Plus's SDK: `get_webhooks(event)`), so one request per event, joined in the order of
 * FAX_EVENTS (a hook listed twice is kept once). A refused fax_page_received leaves it out.
 */
export async function listAllLegacyHooks(
	context: FaxPlusContext,
	itemIndex?: number,
): Promise<{ hooks: LegacyHook[]; refused: FaxEvent[] }> {
	const hooks: LegacyHook[] = [];
	const refused: FaxEvent[] = [];
	const ids = new Set<string>();
	for (const each of FAX_EVENTS) {
		let listed: LegacyHook[];
		try {
			listed = await listHooksOf(context, each, itemIndex);
		} catch (error) {
			if (isRefusedHookEvent(error, each)) {
				refused.push(each);
				continue;
			}
			throw error instanceof NodeApiError || error instanceof NodeOperationError
				? error
				: new NodeApiError(context.getNode(), error as JsonObject);
		}
		for (const hook of listed) {
			if (typeof hook.id === 'string' && ids.has(hook.id)) continue;
			ids.add(hook.id);
			hooks.push(hook);
		}
	}
	return { hooks, refused };
}

/** The hooks of one event, or with no event those of every event Fax.Plus lists. */
export async function listLegacyHooks(
	context: FaxPlusContext,
	event?: FaxEvent,
	itemIndex?: number,
): Promise<LegacyHook[]> {
	if (event) return await listHooksOf(context, event, itemIndex);
	return (await listAllLegacyHooks(context, itemIndex)).hooks;
}

async function listHooksOf(
	context: FaxPlusContext,
	event: FaxEvent,
	itemIndex?: number,
): Promise<LegacyHook[]> {
	const answer = await faxPlusApiRequest<unknown>(context, {
		method: 'GET',
		path: '/hooks',
		qs: { event },
		itemIndex,
	});
	return entriesOf(answer) as unknown as LegacyHook[];
}

export async function createLegacyHook(
	context: FaxPlusContext,
	input: { target: string; event: FaxEvent; numbers?: string[] },
	itemIndex?: number,
): Promise<LegacyHook> {
	const body: IDataObject = { target: input.target, event: input.event };
	if (input.numbers?.length) body.numbers = input.numbers;
	const created = await faxPlusApiRequest<Partial<LegacyHook> | undefined>(context, {
		method: 'POST',
		path: '/hooks',
		body,
		itemIndex,
	});
	if (created?.id) return { ...input, ...created } as LegacyHook;
	// Some answers carry no body: find the hook by its target and event.
	const matches = (await listLegacyHooks(context, input.event, itemIndex)).filter(
		(hook) => hook.target === input.target,
	);
	return matches[matches.length - 1] ?? ({ ...input, id: '' } as LegacyHook);
}

/** Deletes a hook; answers false when it was already gone (404), and throws any other failure. */
export async function deleteLegacyHook(
	context: FaxPlusContext,
	hookId: string,
	itemIndex?: number,
): Promise<boolean> {
	return await faxPlusApiDeleteIfExists(context, {
		method: 'DELETE',
		path: `/hooks/${encodeURIComponent(hookId)}`,
		itemIndex,
	});
}
