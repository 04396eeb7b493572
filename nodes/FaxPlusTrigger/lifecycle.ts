// The webhook trigger's activation: `lifecycleMethods()` (n8n's checkExists, create, delete), as
// n8n's Stripe trigger: removal deletes only an endpoint it recorded. Helpers below.
import type { IHookFunctions } from 'n8n-workflow';
import { recordedEndpoint, writeEndpoint } from './endpointRecord';
import { nodeErrorOf, operationError } from '../shared/transport/nodeErrors';
import { logInfo, logWarning, urlWithoutSecrets } from '../shared/logging/log';
import { errorText } from '../shared/logging/errorText';
import { isEmptySecret, WEAK_SECRET_MESSAGE } from './credentialTest';
import { skippedCheckRefusal, skipsDuplicateCheck } from '../shared/n8n/triggers';
import { isValidWebhookSecret } from './signature';
import {
	checkDeliverableUrl,
	createWebhookEndpoint,
	deleteWebhookEndpoint,
	listWebhookEndpoints,
	updateWebhookEndpoint,
	type WebhookEndpoint,
} from '../shared/api/webhookEndpoints';
import { readOptions } from '../shared/triggers/settings';
import {
	checkDocumentOptions,
	readSubscription,
	type Subscription,
} from '../shared/triggers/checks';

/** Endpoints remembered per process at most; the least recently saved goes first. */
const MAX_REMEMBERED = 10_000;

type RegisteredEndpoints = Map<string, string>;

/** Per node instance (so per process: nodes/shared/n8n/README.md); keeps its endpoints: a racing save can drop one. n8n's lifecycle rule reads it as loaded (descriptionLint.test.ts). */
export function lifecycleMethods() {
	const registered: RegisteredEndpoints = new Map();
	return {
		checkExists,
		async create(this: IHookFunctions): Promise<boolean> {
			try {
				return await create.call(this, registered);
			} catch (error) {
				// n8n shows the error in the editor; the log says it too.
				logWarning(
					this,
					`the trigger could not be activated, so no delivery reaches this workflow: ${errorText(error)}`,
					{ event: 'activation_failed' },
				);
				throw nodeErrorOf(this, error);
			}
		},
		async delete(this: IHookFunctions): Promise<boolean> {
			try {
				return await remove.call(this, registered);
			} catch (error) {
				const left = recordedEndpoint(this, webhookUrlOf(this));
				const what = left
					? `Left at Fax.Plus: webhook endpoint ${left}, still delivering to this workflow's URL (n8n answers those deliveries 404 while the workflow is inactive). ` +
						'Delete it in Fax.Plus → Integrations → Webhooks, or with the Fax.Plus node (Webhook → Delete), or publish and unpublish the workflow again'
					: 'What the trigger registered may still be at Fax.Plus: check Fax.Plus → Integrations → Webhooks';
				logWarning(
					this,
					`could not delete the trigger's registration at Fax.Plus: ${errorText(error)}. ${what}`,
					{ event: 'deletion_failed', ...(left ? { left } : {}) },
				);
				throw nodeErrorOf(this, error);
			}
		},
	};
}

async function checkExists(this: IHookFunctions): Promise<boolean> {
	// n8n calls this first on every activation (then create() unless it answers true).
	if (skipsDuplicateCheck(this))
		throw operationError(this, skippedCheckRefusal('Fax.Plus Trigger', 'a delivery'));
	const url = webhookUrlOf(this);
	const id = recordedEndpoint(this, url);
	if (id === undefined) return false;
	// n8n deletes what a failed check leaves, and so the signing secret the user pasted: kept.
	const endpoints = await listWebhookEndpoints(this).catch((error: unknown) => {
		const text = `could not check webhook endpoint ${id} at Fax.Plus; it is kept as registered`;
		logWarning(this, `${text}: ${errorText(error)}`, { event: 'endpoint_check_failed' });
	});
	if (!endpoints) return true;
	const endpoint = endpoints.find((entry) => entry.id === id);
	// Deleted or changed in Fax.Plus meanwhile: create() brings it back in line.
	return endpoint !== undefined && endpointMatches(endpoint, url, readSubscription(this));
}

async function create(this: IHookFunctions, registered: RegisteredEndpoints): Promise<boolean> {
	const url = webhookUrlOf(this);
	const subscription = readSubscription(this);
	checkDocumentOptions(this, readOptions(this));
	const isTest = this.getMode() === 'manual' || this.getActivationMode() === 'manual';
	await checkDeliverableUrl(this, url, {
		label: isTest ? "This trigger's Test URL" : "This trigger's Production URL",
	});
	const secretSaved = await checkSigningSecretStrength(this);

	// An endpoint with this node's exact URL is a leftover of ours: adopted, keeping its secret.
	const ours = (await listWebhookEndpoints(this)).filter((endpoint) => endpoint.url === url);
	const adopted = ours.length > 0;
	const { events, channels } = subscription;
	const listed = adopted
		? ours
		: await createWebhookEndpoint(this, {
				url,
				filterTypes: events,
				channels: channels.length > 0 ? channels : undefined,
			});
	const endpoint = keptEndpoint(listed);
	if (adopted && endpoint && !endpointMatches(endpoint, url, subscription))
		await updateWebhookEndpoint(this, endpoint.id, {
			filterTypes: events,
			channels: channels.length > 0 ? channels : null,
		});
	// A second endpoint would deliver each event twice, under another secret.
	for (const extra of listed)
		if (extra.id !== endpoint?.id)
			await deleteEndpoint(this, extra.id, 'a second endpoint for the same URL');
	if (!endpoint || (!adopted && !endpoint.id))
		throw operationError(this, {
			message: 'Fax.Plus created the webhook endpoint but did not list it',
			description: `No endpoint with the URL ${url} was listed after creating it; try activating again.`,
		});
	record(this, registered, url, endpoint.id);
	const what = `events ${events.join(', ')}; numbers ${channels.length > 0 ? channels.join(', ') : 'all'}`;
	logInfo(
		this,
		adopted
			? `kept webhook endpoint ${endpoint.id} at Fax.Plus, registered earlier for ${urlWithoutSecrets(url)}, with its signing secret (${what})`
			: `registered webhook endpoint ${endpoint.id} at Fax.Plus for ${urlWithoutSecrets(url)} (${what}). Its signing secret is in Fax.Plus → Integrations → Webhooks`,
		{ event: adopted ? 'endpoint_adopted' : 'endpoint_registered', endpointId: endpoint.id },
	);
	// A test session accepts deliveries its secret does not verify (webhook.ts): nothing to warn of there.
	if (!adopted && secretSaved && !isTest) warnSecretOfAnotherEndpoint(this, endpoint.id);
	return true;
}

async function remove(this: IHookFunctions, registered: RegisteredEndpoints): Promise<boolean> {
	const url = webhookUrlOf(this);
	const id = recordedEndpoint(this, url) ?? registered.get(registeredKey(this, url));
	// Nothing recorded: an endpoint with this URL is kept, whoever made it. A 404 is "already gone".
	if (id === undefined) return true;
	await deleteEndpoint(this, id, 'no longer used by this trigger');
	record(this, registered, url, undefined);
	return true;
}

function registeredKey(context: IHookFunctions, url: string): string {
	const node = context.getNode();
	return JSON.stringify([context.getWorkflow().id ?? '', node.id ?? node.name, url]);
}

/** The node's webhook URL: n8n gives one, as the description declares the `default` webhook. */
const webhookUrlOf = (context: IHookFunctions) => context.getNodeWebhookUrl('default') as string;

async function deleteEndpoint(context: IHookFunctions, id: string, why: string): Promise<void> {
	await deleteWebhookEndpoint(context, id);
	logInfo(context, `deleted webhook endpoint ${id} at Fax.Plus (${why})`, {
		event: 'endpoint_deleted',
		id,
	});
}

/** Records (or with undefined forgets) the URL's endpoint, in the node and in this process. */
function record(
	context: IHookFunctions,
	registered: RegisteredEndpoints,
	url: string,
	id: string | undefined,
): void {
	const key = registeredKey(context, url);
	registered.delete(key);
	if (id !== undefined) {
		if (registered.size >= MAX_REMEMBERED)
			registered.delete(registered.keys().next().value as string);
		registered.set(key, id);
	}
	writeEndpoint(context, url, id);
}

// Of several endpoints with one URL, adopted or just created, the lowest ID (Svix's IDs start with
// the time: the oldest), whatever order Fax.Plus lists them in: each of n8n's mains keeps that one.
function keptEndpoint(endpoints: WebhookEndpoint[]): WebhookEndpoint | undefined {
	return endpoints.reduce<WebhookEndpoint | undefined>(
		(kept, each) => (kept === undefined || String(each.id) < String(kept.id) ? each : kept),
		undefined,
	);
}

function endpointMatches(endpoint: WebhookEndpoint, url: string, wanted: Subscription): boolean {
	return (
		endpoint.url === url &&
		sameSet(endpoint.filter_types, wanted.events) &&
		sameSet(endpoint.channels ?? [], wanted.channels)
	);
}

/** Refuses to activate with a forgeable secret; none yet: goes on (401 until saved), logged. Whether one is saved. */
async function checkSigningSecretStrength(context: IHookFunctions): Promise<boolean> {
	if (!context.getNode().credentials?.faxPlusWebhookSecretApi) return false;
	const credentials = await context.getCredentials<{ secret?: unknown }>('faxPlusWebhookSecretApi');
	if (isValidWebhookSecret(credentials?.secret)) return true;
	if (!isEmptySecret(credentials?.secret)) {
		throw operationError(context, {
			message: 'The signing secret credential is too weak',
			description: WEAK_SECRET_MESSAGE,
		});
	}
	if (context.getMode() !== 'manual')
		logInfo(
			context,
			"no signing secret is saved in the trigger's signing secret credential yet: deliveries are refused with 401 until it is. Once the endpoint is registered, copy its signing secret (whsec_…) from Fax.Plus → Integrations → Webhooks into the credential and save it",
			{ event: 'signing_secret_empty' },
		);
	return false;
}

// A secret saved before its endpoint existed is another endpoint's: each endpoint gets its own,
// and n8n's editor pre-selects the newest signing secret credential for a new trigger.
function warnSecretOfAnotherEndpoint(context: IHookFunctions, endpointId: string): void {
	const name = context.getNode().credentials?.faxPlusWebhookSecretApi?.name;
	logWarning(
		context,
		`the signing secret credential${name ? ` "${name}"` : ''} holds a secret saved before this ` +
			`trigger registered webhook endpoint ${endpointId}, so it is another endpoint's (another trigger's, ` +
			`or an earlier one of this trigger): every delivery to this workflow is refused with 401 until ` +
			`it holds this endpoint's. A signing secret belongs to one endpoint: give this trigger a signing ` +
			`secret credential of its own, copy into it the signing secret (whsec_…) of the endpoint whose ` +
			`URL is this node's Production URL from Fax.Plus → Integrations → Webhooks and save it`,
		{ event: 'signing_secret_of_another_endpoint', endpointId },
	);
}

function sameSet(a: readonly string[] | null | undefined, b: readonly string[]): boolean {
	const left = new Set(a ?? []);
	const right = new Set(b);
	return left.size === right.size && [...left].every((value) => right.has(value));
}
