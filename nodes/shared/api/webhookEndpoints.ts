// The current webhook API (/webhooks), shared by the Webhook resource and the trigger, and the URL
// Fax.Plus delivers to (a legacy hook's too).
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { entriesOf } from './pager';
import type { FaxEvent } from './events';
import { checkedBaseUrl, DEFAULT_BASE_URL } from '../transport/addresses';
import {
	faxPlusApiDeleteIfExists,
	credentialTypeOf,
	faxPlusApiRequest,
	type FaxPlusContext,
	type RequestScope,
} from '../transport/transport';
import { operationError, refusalOf } from '../transport/nodeErrors';

export type WebhookEndpoint = {
	id: string;
	url: string;
	filter_types: FaxEvent[];
	channels: string[] | null;
};

export interface WebhookEndpointInput {
	url: string;
	filterTypes: FaxEvent[];
	/** undefined: omitted (all numbers on create, unchanged on update); null: clear the filter. */
	channels?: string[] | null;
}

export function checkUrl(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	label = 'URL',
): string {
	const refuse = refusalOf(context, itemIndex);
	const url = String(value ?? '').trim();
	if (!url) {
		throw refuse(`${label} is required`, 'Enter the HTTPS address that receives the deliveries.');
	}
	if (!/^https?:\/\/\S+$/i.test(url)) {
		throw refuse(
			`${label} "${url}" is not an https:// (or http://) address`,
			'Enter the full address that receives the deliveries, e.g. https://example.com/fax-events.',
		);
	}
	return url;
}

/** Fax.Plus delivers only to HTTPS (another base URL is a test server: http allowed). */
export async function checkDeliverableUrl(
	context: FaxPlusContext,
	url: string,
	what: { label: string; itemIndex?: number },
): Promise<void> {
	if (!/^http:\/\//i.test(url)) return;
	const credentials = await context.getCredentials(credentialTypeOf(context));
	if (checkedBaseUrl(context, credentials.baseUrl) !== DEFAULT_BASE_URL) return;
	throw operationError(context, {
		itemIndex: what.itemIndex,
		message: `${what.label} ${url} is http://, but Fax.Plus delivers webhooks only to https:// addresses`,
		description:
			"Fax.Plus would refuse to register it and could never deliver to it. Set n8n's WEBHOOK_URL " +
			"environment variable (N8N_WEBHOOK_URL on n8n 2.30 and later) to n8n's public https:// address " +
			'(behind a reverse proxy that terminates TLS, such as Caddy, nginx or Traefik), or reach n8n ' +
			'through a tunnel (such as Cloudflare Tunnel or ngrok), then try again.',
	});
}

export async function listWebhookEndpoints(context: FaxPlusContext, scope: RequestScope = {}) {
	const answer = await faxPlusApiRequest(context, { method: 'GET', path: '/webhooks', ...scope });
	// The list answer's shape is not in the spec: a bare array or one under a known key.
	return entriesOf(answer) as WebhookEndpoint[];
}

/** The API's fields of an endpoint; an undefined one is left out of the JSON sent. */
function bodyOf(input: Partial<WebhookEndpointInput>): IDataObject {
	return { url: input.url, filter_types: input.filterTypes, channels: input.channels };
}

/** The API answers 201 with no body: the endpoints listed with its URL, the new one last. */
export async function createWebhookEndpoint(
	context: FaxPlusContext,
	input: WebhookEndpointInput,
	scope: RequestScope = {},
): Promise<WebhookEndpoint[]> {
	await faxPlusApiRequest(context, {
		method: 'POST',
		path: '/webhooks',
		body: bodyOf(input),
		...scope,
	});
	const endpoints = await listWebhookEndpoints(context, scope);
	return endpoints.filter((endpoint) => endpoint.url === input.url);
}

export async function updateWebhookEndpoint(
	context: FaxPlusContext,
	endpointId: string,
	changes: Partial<WebhookEndpointInput>,
	scope: RequestScope = {},
): Promise<void> {
	await faxPlusApiRequest(context, {
		method: 'PATCH',
		path: `/webhooks/${encodeURIComponent(endpointId)}`,
		body: bodyOf(changes),
		...scope,
	});
}

export async function deleteWebhookEndpoint(
	context: FaxPlusContext,
	endpointId: string,
	scope: RequestScope = {},
): Promise<boolean> {
	return await faxPlusApiDeleteIfExists(context, {
		path: `/webhooks/${encodeURIComponent(endpointId)}`,
		...scope,
	});
}
