// Shared by the trigger's tests.
import type { IDataObject } from 'n8n-workflow';
import { apiRequests, type FaxPlusServer } from '../../support/faxplus';
import {
	TRIGGER_NODE_ID,
	TRIGGER_WORKFLOW_ID,
	type TriggerHarness,
} from '../../support/trigger-harness';

/** Calls the local server's API directly (set-up outside the node). */
export async function callApi(
	server: FaxPlusServer,
	method: string,
	path: string,
	body?: unknown,
): Promise<unknown> {
	const res = await fetch(`${server.baseUrl}${path}`, {
		method,
		headers: { authorization: `Bearer ${server.tokens.pat}`, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
	return text ? JSON.parse(text) : undefined;
}

/** Registers an endpoint directly, as a user (or an earlier activation) did; answers its record. */
export async function registerEndpoint(
	server: FaxPlusServer,
	url: string,
	filterTypes: string[],
	channels?: string[],
): Promise<{ id: string; url: string; filter_types: string[]; channels: string[] | null }> {
	await callApi(server, 'POST', '/webhooks', {
		url,
		filter_types: filterTypes,
		...(channels ? { channels } : {}),
	});
	const endpoints = Object.values(server.state.webhooks).filter((endpoint) => endpoint.url === url);
	const endpoint = endpoints[endpoints.length - 1];
	return {
		id: endpoint.id,
		url: endpoint.url,
		filter_types: endpoint.filter_types,
		channels: endpoint.channels,
	};
}

/** "METHOD /path" of the API requests the server received, oldest first. */
export function calls(server: FaxPlusServer): string[] {
	return apiRequests(server).map((request) => `${request.method} ${request.path}`);
}

export function endpointsWithUrl(server: FaxPlusServer, url: string) {
	return Object.values(server.state.webhooks).filter((endpoint) => endpoint.url === url);
}

/** The only endpoint of a URL, failing the test when there are none or several. */
export function onlyEndpoint(server: FaxPlusServer, url: string) {
	const endpoints = endpointsWithUrl(server, url);
	expect(endpoints).toHaveLength(1);
	return endpoints[0];
}

/** Activates and fails the test with the node's error if activation failed. */
export async function activateOk(harness: TriggerHarness): Promise<void> {
	const outcome = await harness.activate();
	if (outcome.error)
		throw new Error(
			`Activation failed: ${outcome.error.message} (${outcome.error.description ?? ''})`,
		);
}

/** Activates, then pastes the new endpoint's secret into the credential (the documented set-up). */
export async function activateWithSecret(
	harness: TriggerHarness,
	server: FaxPlusServer,
): Promise<string> {
	await activateOk(harness);
	const endpoint = onlyEndpoint(server, harness.productionUrl);
	harness.setSecret(server.getEndpointSecret(endpoint.id));
	return endpoint.id;
}

/** The output items of every run, once every delivery so far has been handled to the end. */
export async function runJson(harness: TriggerHarness): Promise<IDataObject[]> {
	return (await runsOf(harness)).flatMap((run) => run.items.map((item) => item.json));
}

/** The runs that went on past the trigger (an output item), once every delivery has been handled. */
export async function runsOf(harness: TriggerHarness): Promise<TriggerHarness['runs']> {
	await harness.settled();
	return harness.runs;
}

/** The keys of the trigger's own record in n8n's processed-data store (scope node), oldest first. */
export function recordedKeys(harness: TriggerHarness): string[] {
	return harness.processedData.recordedNodeValues(TRIGGER_WORKFLOW_ID, TRIGGER_NODE_ID);
}

/** The key a delivery takes in the trigger's own record: its webhook-id. */
export function storedKeyOf(webhookId: string): string {
	return `id:${webhookId}`;
}
