// The legacy hook API (/hooks), to be decommissioned by Fax.Plus, for the Legacy Hook resource.
import { NodeApiError } from 'n8n-workflow';
import { FAX_EVENTS, type FaxEvent } from './events';
import { entriesOf } from './pager';
import {
	faxPlusApiDeleteIfExists,
	faxPlusApiRequest,
	type FaxPlusContext,
	type RequestScope,
} from '../transport/transport';
import { requestErrorOf } from '../transport/nodeErrors';

export type LegacyHook = { id: string; target: string; event: FaxEvent; numbers?: string[] };

/** `GET /hooks` needs `event`: one request per event; a refused fax_page_received is left out. */
export async function listAllLegacyHooks(context: FaxPlusContext, scope: RequestScope = {}) {
	const hooks: LegacyHook[] = [];
	const refused: FaxEvent[] = [];
	const ids = new Set<string>();
	for (const each of FAX_EVENTS) {
		const listed = await listLegacyHooks(context, each, scope).catch((error: unknown) => {
			// The SDK lists no fax_page_received hook: Fax.Plus may refuse it with 400 or 422.
			const status = error instanceof NodeApiError ? error.httpCode : undefined;
			if (each !== 'fax_page_received' || (status !== '400' && status !== '422'))
				throw requestErrorOf(context, error, scope.itemIndex);
			refused.push(each);
			return [];
		});
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
	scope: RequestScope = {},
): Promise<LegacyHook[]> {
	if (!event) return (await listAllLegacyHooks(context, scope)).hooks;
	const answer = await faxPlusApiRequest<unknown>(context, {
		method: 'GET',
		path: '/hooks',
		qs: { event },
		...scope,
	});
	return entriesOf(answer) as LegacyHook[];
}

export async function createLegacyHook(
	context: FaxPlusContext,
	input: { target: string; event: FaxEvent; numbers?: string[] },
	scope: RequestScope = {},
): Promise<LegacyHook> {
	const { target, event, numbers } = input;
	const created = await faxPlusApiRequest<Partial<LegacyHook> | undefined>(context, {
		method: 'POST',
		path: '/hooks',
		body: { target, event, ...(numbers?.length && { numbers }) },
		...scope,
	});
	if (created?.id) return { ...input, ...created } as LegacyHook;
	// Some answers carry no body: find the hook by its target and event.
	const hooks = await listLegacyHooks(context, input.event, scope);
	return hooks.filter((hook) => hook.target === input.target).at(-1) ?? { ...input, id: '' };
}

export async function deleteLegacyHook(
	context: FaxPlusContext,
	hookId: string,
	scope: RequestScope = {},
): Promise<boolean> {
	return await faxPlusApiDeleteIfExists(context, {
		path: `/hooks/${encodeURIComponent(hookId)}`,
		...scope,
	});
}
