// The trigger's webhook lifecycle (webhookMethods.default): register this node's URL with
// Fax.Plus on activation, check it on restart, remove it on deactivation.
//
// What was registered is kept in the node's static data, one entry per webhook URL: the
// production URL (active workflow) and the test URL ("Listen for test event") get their own
// entries, because n8n gives a test session a copy of the static data and deletes its
// webhooks with another execution mode. Removal acts only on what this workflow's node
// recorded, never on an endpoint or hook because its URL matches: a copy of the workflow
// (imported with the same webhook ID) has the same URL.
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	hashOfHookToken,
	hookTarget,
	isTargetOf,
	newHookToken,
	REGISTRATIONS_KEY,
	tokenOfTarget,
} from './hookToken';
import {
	logDeleted,
	logEndpointRegistered,
	logExistingEndpoint,
	logLegacyHookRegistered,
} from './lifecycleLog';
import { checkSigningSecretStrength } from './signingSecret';
import {
	createLegacyHook,
	deleteLegacyHook,
	hookHasNumbers,
	listLegacyHooks,
	unlessEventRefused,
	type LegacyHook,
} from '../api/legacyHooks';
import type { FaxEvent } from '../api/events';
import {
	checkDeliverableUrl,
	createWebhookEndpoint,
	deleteWebhookEndpoint,
	listWebhookEndpoints,
	updateWebhookEndpoint,
	type WebhookEndpoint,
} from '../api/webhookEndpoints';
import {
	checkDocumentOptions,
	checkExistingEndpointId,
	readOptions,
	readSubscription,
	sameSet,
	type Subscription,
	type TriggerOptions,
} from '../triggers/settings';

/** How deliveries reach this URL: an endpoint we manage, one the user manages, or legacy hooks. */
export type RegistrationApi = 'webhooks' | 'existing' | 'hooks';

export interface Registration {
	url: string;
	api: RegistrationApi;
	/** ep_ id (webhooks, existing) or the hook ids, one per event (hooks). */
	ids: string[];
	/** Legacy hooks: the SHA-256 of the token their target carries, checked on every delivery (hookToken.ts). */
	tokenHash?: string;
	/** Legacy hooks: the numbers they were created with (Fax.Plus may list hooks without them). */
	numbers?: string[];
	/** Legacy hooks: the events Fax.Plus refused to register. */
	refused?: FaxEvent[];
}

function webhookUrlOf(context: IHookFunctions): string {
	const url = context.getNodeWebhookUrl('default');
	if (!url)
		throw new NodeOperationError(context.getNode(), 'n8n gave no webhook URL for this trigger');
	return url;
}

/** "Listen for test event" activates with the manual mode. */
function isTestActivation(context: IHookFunctions): boolean {
	return context.getMode() === 'manual' || context.getActivationMode() === 'manual';
}

function wantedApi(context: IHookFunctions, options: TriggerOptions): RegistrationApi {
	if (options.useLegacyHooks) return 'hooks';
	// The user's endpoint points at the production URL; a test session needs its own.
	if (options.existingEndpointId !== '' && !isTestActivation(context)) return 'existing';
	return 'webhooks';
}

function isRegistration(value: unknown): value is Registration {
	if (!value || typeof value !== 'object') return false;
	const entry = value as Partial<Registration>;
	return (
		typeof entry.url === 'string' &&
		(entry.api === 'webhooks' || entry.api === 'existing' || entry.api === 'hooks') &&
		Array.isArray(entry.ids) &&
		entry.ids.every((id) => typeof id === 'string') &&
		(entry.tokenHash === undefined || typeof entry.tokenHash === 'string') &&
		(entry.numbers === undefined || Array.isArray(entry.numbers)) &&
		(entry.refused === undefined || Array.isArray(entry.refused))
	);
}

function allRegistrations(context: IHookFunctions): Registration[] {
	const stored = context.getWorkflowStaticData('node')[REGISTRATIONS_KEY];
	return Array.isArray(stored) ? stored.filter(isRegistration) : [];
}

export function registrationFor(context: IHookFunctions, url: string): Registration | undefined {
	return allRegistrations(context).find((entry) => entry.url === url);
}

/**
 * The registrations this process made, per workflow, node and URL. n8n saves static data
 * whole and the last write wins, so a concurrent save of an older copy can drop a
 * registration; removal then finds it here. Keyed by the workflow's ID: a copy of the
 * workflow never finds the original's. After a restart, activation (checkExists, create)
 * records again what it finds for its URL.
 */
const registeredHere = new Map<string, Registration>();
/** Registrations remembered at most; the least recently saved is forgotten first. */
const MAX_REMEMBERED = 10_000;

function rememberedKeyOf(context: IHookFunctions, url: string): string {
	const node = context.getNode();
	return JSON.stringify([context.getWorkflow().id ?? '', node.id ?? node.name, url]);
}

function remember(context: IHookFunctions, url: string, registration: Registration | undefined) {
	const key = rememberedKeyOf(context, url);
	registeredHere.delete(key);
	if (!registration) return;
	if (registeredHere.size >= MAX_REMEMBERED)
		registeredHere.delete(registeredHere.keys().next().value as string);
	registeredHere.set(key, { ...registration, ids: [...registration.ids] });
}

/** What this process registered for this workflow's node and URL, if static data lost it. */
function rememberedRegistration(context: IHookFunctions, url: string): Registration | undefined {
	return registeredHere.get(rememberedKeyOf(context, url));
}

/** Forgets what this process registered, as a restart of n8n does (for tests). */
export function forgetRegistrations(): void {
	registeredHere.clear();
}

/** Replaces (or with undefined removes) the entry of a URL; always assigns a new array so n8n sees the change. */
function saveRegistration(
	context: IHookFunctions,
	url: string,
	registration: Registration | undefined,
): void {
	remember(context, url, registration);
	const others = allRegistrations(context).filter((entry) => entry.url !== url);
	const next = registration ? [...others, registration] : others;
	const staticData = context.getWorkflowStaticData('node');
	if (next.length === 0) delete staticData[REGISTRATIONS_KEY];
	else
		staticData[REGISTRATIONS_KEY] = next.map((entry) => ({
			...entry,
			ids: [...entry.ids],
		})) as unknown as IDataObject[];
}

/**
 * Removes what a registration created at Fax.Plus (never a user's existing endpoint).
 * A 404 means already gone; any other failure is thrown, and what is left stays recorded.
 */
async function release(context: IHookFunctions, registration: Registration): Promise<void> {
	if (registration.api === 'existing') return;
	const remaining = [...registration.ids];
	while (remaining.length > 0) {
		const id = remaining[0];
		if (registration.api === 'webhooks') await deleteWebhookEndpoint(context, id);
		else await deleteLegacyHook(context, id);
		logDeleted(context, registration.api, id, 'no longer used by this trigger');
		remaining.shift();
		saveRegistration(
			context,
			registration.url,
			remaining.length > 0 ? { ...registration, ids: remaining } : undefined,
		);
	}
}

function endpointMatches(
	endpoint: WebhookEndpoint,
	url: string,
	subscription: Subscription,
): boolean {
	return (
		endpoint.url === url &&
		sameSet(endpoint.filter_types, subscription.events) &&
		sameSet(endpoint.channels ?? [], subscription.channels)
	);
}

/** A hook of this URL whose target carries the token of `tokenHash`, with the subscription's numbers. */
function hookMatches(
	hook: LegacyHook,
	url: string,
	tokenHash: string,
	subscription: Subscription,
	createdWith?: string[],
): boolean {
	const token = tokenOfTarget(hook.target, url);
	return (
		token !== undefined &&
		hashOfHookToken(token) === tokenHash &&
		hookHasNumbers(hook, subscription.channels, createdWith)
	);
}

export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const url = webhookUrlOf(this);
	const registration = registrationFor(this, url);
	if (!registration) return false;
	const options = readOptions(this);
	const subscription = readSubscription(this);
	if (registration.api !== wantedApi(this, options)) return false;

	if (registration.api === 'existing') {
		if (registration.ids[0] !== options.existingEndpointId) return false;
		// Re-pointed elsewhere meanwhile: false, so create() says so.
		const endpoints = await listWebhookEndpoints(this);
		return endpoints.some(
			(endpoint) => endpoint.id === registration.ids[0] && endpoint.url === url,
		);
	}

	if (registration.api === 'webhooks') {
		const endpoint = (await listWebhookEndpoints(this)).find(
			(entry) => entry.id === registration.ids[0],
		);
		if (!endpoint) {
			// Deleted in Fax.Plus meanwhile: forget it, create() registers a new one.
			saveRegistration(this, url, undefined);
			return false;
		}
		// A changed one (events, numbers) is brought back in line by create().
		return endpointMatches(endpoint, url, subscription);
	}

	// Without a token its deliveries would all be refused: create() registers hooks that carry one.
	const { tokenHash } = registration;
	if (tokenHash === undefined) return false;
	const hooks = await listLegacyHooks(this);
	const mine = registration.ids.map((id) => hooks.find((hook) => hook.id === id));
	if (mine.some((hook) => hook === undefined)) return false;
	const found = mine as LegacyHook[];
	const events = subscription.events.filter((event) => !registration.refused?.includes(event));
	return (
		found.length === events.length &&
		sameSet(
			found.map((hook) => hook.event),
			events,
		) &&
		found.every((hook) => hookMatches(hook, url, tokenHash, subscription, registration.numbers))
	);
}

/**
 * The user's endpoint, checked: it must exist and deliver to this node's Production URL,
 * else activation would succeed and no delivery would ever arrive.
 */
async function findExistingEndpoint(
	context: IHookFunctions,
	url: string,
	options: TriggerOptions,
): Promise<WebhookEndpoint> {
	const id = checkExistingEndpointId(context, options.existingEndpointId);
	const endpoint = (await listWebhookEndpoints(context)).find((entry) => entry.id === id);
	if (!endpoint) {
		throw new NodeOperationError(
			context.getNode(),
			`Existing Endpoint ID: ${id} was not found in this Fax.Plus account`,
			{
				description:
					'Check the ID in Fax.Plus → Integrations → Webhooks, or leave the option empty to let the trigger create an endpoint.',
			},
		);
	}
	if (endpoint.url !== url) {
		throw new NodeOperationError(
			context.getNode(),
			`Existing Endpoint ID: ${id} delivers to ${String(endpoint.url)}, not to this node's Production URL ${url}`,
			{
				description: `Fax.Plus would send its events to ${String(endpoint.url)}, so this workflow would never start. Change the endpoint's URL in Fax.Plus (or with the Fax.Plus node's Webhook → Update) to ${url}, or leave the option empty to let the trigger create an endpoint.`,
			},
		);
	}
	return endpoint;
}

async function registerEndpoint(
	context: IHookFunctions,
	url: string,
	subscription: Subscription,
): Promise<void> {
	const endpoints = await listWebhookEndpoints(context);
	// Endpoints with this node's exact URL are ours (the URL holds the node's webhook ID):
	// a leftover of an earlier activation is adopted, keeping its signing secret.
	const ours = endpoints.filter((endpoint) => endpoint.url === url);
	let endpoint: WebhookEndpoint | undefined = ours[ours.length - 1];
	if (endpoint) {
		if (!endpointMatches(endpoint, url, subscription)) {
			await updateWebhookEndpoint(context, endpoint.id, {
				filterTypes: subscription.events,
				channels: subscription.channels.length > 0 ? subscription.channels : null,
			});
		}
		// More than one would deliver every event several times under different secrets.
		for (const extra of ours) {
			if (extra.id !== endpoint.id) {
				await deleteWebhookEndpoint(context, extra.id);
				logDeleted(context, 'webhooks', extra.id, 'a second endpoint for the same URL');
			}
		}
	} else {
		endpoint = await createWebhookEndpoint(context, {
			url,
			filterTypes: subscription.events,
			channels: subscription.channels.length > 0 ? subscription.channels : undefined,
		});
		if (!endpoint?.id) {
			throw new NodeOperationError(
				context.getNode(),
				'Fax.Plus created the webhook endpoint but did not list it',
				{
					description: `No endpoint with the URL ${url} was listed after creating it; try activating again.`,
				},
			);
		}
	}
	saveRegistration(context, url, { url, api: 'webhooks', ids: [endpoint.id] });
	logEndpointRegistered(context, endpoint.id, url, subscription, ours.length > 0);
}

async function registerLegacyHooks(
	context: IHookFunctions,
	url: string,
	subscription: Subscription,
): Promise<void> {
	const previous = registrationFor(context, url);
	const ours = (await listLegacyHooks(context)).filter((hook) => isTargetOf(hook.target, url));
	// The token of hooks registered before is kept (read back from their targets at Fax.Plus:
	// the node keeps only its hash), so those hooks stay valid.
	const token =
		ours
			.map((hook) => tokenOfTarget(hook.target, url))
			.find((each) => each !== undefined && hashOfHookToken(each) === previous?.tokenHash) ??
		newHookToken();
	const tokenHash = hashOfHookToken(token);
	const target = hookTarget(url, token);
	const kept: LegacyHook[] = [];
	const refused: FaxEvent[] = [];
	const numbers = subscription.channels;
	const record = () =>
		saveRegistration(context, url, {
			url,
			api: 'hooks',
			ids: kept.map((entry) => entry.id),
			tokenHash,
			...(numbers.length > 0 && { numbers }),
			...(refused.length > 0 && { refused: [...refused] }),
		});
	for (const event of subscription.events) {
		let hook = ours.find(
			(entry) =>
				entry.event === event &&
				hookMatches(entry, url, tokenHash, subscription, previous?.numbers) &&
				!kept.includes(entry),
		);
		if (!hook) {
			hook = await unlessEventRefused(context, event, async () => {
				return await createLegacyHook(context, {
					target,
					event,
					numbers: numbers.length > 0 ? numbers : undefined,
				});
			});
			if (!hook) {
				// Fax.Plus's SDK lists fax_page_received for no hook: the other events still register.
				refused.push(event);
				continue;
			}
			if (!hook.id) {
				throw new NodeOperationError(
					context.getNode(),
					`Fax.Plus created the legacy hook for ${event} but did not list it`,
				);
			}
			logLegacyHookRegistered(context, hook.id, event, url);
		}
		kept.push(hook);
		record();
	}
	if (kept.length > 0 && refused.length > 0) record();
	if (kept.length === 0 && refused.length > 0) {
		throw new NodeOperationError(
			context.getNode(),
			`Trigger On: Fax.Plus refused a legacy hook for ${refused.join(', ')}`,
			{
				description:
					"Fax.Plus's SDK lists only fax_sent and fax_received for legacy hooks. Add one of them, or turn off Use Legacy Hook API: the current webhook API takes fax_page_received.",
			},
		);
	}
	// Hooks of this URL for events no longer selected, with other numbers (hooks cannot be
	// changed), or with another token.
	for (const hook of ours) {
		if (!kept.includes(hook)) {
			await deleteLegacyHook(context, hook.id);
			logDeleted(context, 'hooks', hook.id, 'replaced: other events, numbers or token');
		}
	}
}

/** The node's input, checked before any request: bad input is refused with a clear error. */
async function checkedInput(context: IHookFunctions, url: string) {
	const options = readOptions(context);
	const subscription = readSubscription(context);
	checkDocumentOptions(context, options);
	if (options.useLegacyHooks && options.downloadDocument) {
		// Whoever learns a hook's URL (it travels in every delivery, and in proxy logs) could
		// name any fax of any member in a forged delivery and have the credential fetch it.
		throw new NodeOperationError(
			context.getNode(),
			'Download Fax Document is not available with Use Legacy Hook API',
			{
				description:
					'Legacy hook deliveries are not signed, so the trigger does not let them choose a fax for the credential to download. Use the current webhook API (signed deliveries), or turn Download Fax Document off and download with a Fax.Plus node (Fax → Download) after checking the fax belongs to you.',
			},
		);
	}
	const api = wantedApi(context, options);
	if (api === 'existing') checkExistingEndpointId(context, options.existingEndpointId);
	// The current webhook API delivers only to HTTPS (legacy hooks are documented with http:// targets).
	if (api !== 'hooks')
		await checkDeliverableUrl(context, url, {
			label: isTestActivation(context)
				? "This trigger's Test URL"
				: "This trigger's Production URL",
		});
	return { options, subscription, api };
}

export async function create(this: IHookFunctions): Promise<boolean> {
	const url = webhookUrlOf(this);
	const { options, subscription, api } = await checkedInput(this, url);
	if (api !== 'hooks') await checkSigningSecretStrength(this);

	// The user's endpoint is checked before anything registered earlier is released.
	const existing = api === 'existing' ? await findExistingEndpoint(this, url, options) : undefined;

	let previous = registrationFor(this, url);
	if (existing && previous?.api === 'webhooks' && previous.ids.includes(existing.id)) {
		// The endpoint the trigger created is now the user's: it is kept, with its secret.
		previous = { ...previous, ids: previous.ids.filter((id) => id !== existing.id) };
	}
	if (previous && previous.api !== api) await release(this, previous);
	else if (previous?.api === 'webhooks' || previous?.api === 'existing') {
		// Replaced below. An endpoint of ours that now points elsewhere is left alone:
		// it no longer delivers here, and it may serve whoever re-pointed it.
		saveRegistration(this, url, undefined);
	}

	if (existing) {
		saveRegistration(this, url, { url, api: 'existing', ids: [existing.id] });
		logExistingEndpoint(this, existing.id, url);
	} else if (api === 'webhooks') await registerEndpoint(this, url, subscription);
	else await registerLegacyHooks(this, url, subscription);
	return true;
}

export async function remove(this: IHookFunctions): Promise<boolean> {
	const url = webhookUrlOf(this);
	const registration = registrationFor(this, url) ?? rememberedRegistration(this, url);
	// Nothing this node recorded: an endpoint or hook with this URL is kept, whoever made it
	// (n8n 1.x calls this when a copy's publish fails, the URL being the original's).
	if (!registration) return true;
	await release(this, registration);
	saveRegistration(this, url, undefined);
	return true;
}
