// Shared by the polling trigger's tests.
import type { IDataObject } from 'n8n-workflow';
import { apiRequests, type FaxPlusServer, type RecordedRequest } from '../../support/faxplus';
import { PollHarness, type PollHarnessOptions } from '../../support/poll-harness';

/** `YYYY-MM-DD HH:mm:ss` (UTC) of a moment `secondsAgo` before now, as Fax.Plus writes start_time. */
export function faxTimeAgo(secondsAgo: number): string {
	return new Date(Date.now() - secondsAgo * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** A fax record appears in the account (the server's /_control/faxes); several in one request. */
export async function addFax(server: FaxPlusServer, fields?: IDataObject): Promise<IDataObject>;
export async function addFax(server: FaxPlusServer, fields: IDataObject[]): Promise<IDataObject[]>;
export async function addFax(server: FaxPlusServer, fields: IDataObject | IDataObject[] = {}) {
	const res = await fetch(`${server.origin}/_control/faxes`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(fields),
	});
	if (!res.ok) throw new Error(`POST /_control/faxes -> ${res.status} ${await res.text()}`);
	return (await res.json()) as IDataObject | IDataObject[];
}

/** The fax list requests the server received, oldest first. */
export function listRequests(server: FaxPlusServer): RecordedRequest[] {
	return apiRequests(server).filter(
		(request) => request.method === 'GET' && request.path === '/v3/accounts/self/faxes',
	);
}

/** The faxId of every item emitted so far, oldest run first. */
export function emittedIds(harness: PollHarness): unknown[] {
	return harness.emitted.map((item) => item.json.faxId);
}

/** Starts harnesses and forgets them after each test (they hold no sockets). */
export function usePollHarnesses(): (options: PollHarnessOptions) => Promise<PollHarness> {
	let started: PollHarness[] = [];
	afterEach(() => {
		for (const harness of started) harness.deactivate();
		started = [];
	});
	return async (options) => {
		const harness = await PollHarness.start(options);
		started.push(harness);
		return harness;
	};
}

/** Activates and fails the test with the node's error if activation failed. */
export async function activateOk(harness: PollHarness): Promise<void> {
	const outcome = await harness.activate();
	if (!outcome.ok)
		throw new Error(
			`Activation failed: ${outcome.error?.message} (${outcome.error?.description ?? ''})`,
		);
}
