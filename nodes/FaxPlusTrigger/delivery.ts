// Handles one delivery: verify, skip repeats, filter, start the workflow. Never throws.
//
// How each outcome is answered matters for n8n 2.x, which saves the static data a webhook()
// changed only when it answers the request before a run resets its change flag:
// - accepted: the node answers 200 itself and returns noWebhookResponse with the
//   workflowData, so n8n saves the delivery record, then starts the run; with "Download
//   Fax Document" the document is fetched after answering (see document.ts);
// - repeat or filtered out: a webhookResponse and no workflowData (200, no run, saved);
// - refused: the node answers 401 itself and returns noWebhookResponse only (no run).
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { deliveryLogFor, keyOfDeliveryId, keyOfRawBody } from './deduplication';
import { verifyWebhookDelivery } from './signature';
import { DOCUMENT_EVENTS, withDocument } from '../triggers/document';
import { buildOutput, eventOf, parsePayload, statusOf } from '../triggers/output';
import { matchesStatuses, readOptions, selectedEvents, type TriggerOptions } from '../triggers/settings';

/** The parts of n8n's (express) request a delivery needs. */
interface DeliveryRequest {
	headers: Record<string, string | string[] | undefined>;
	body?: unknown;
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
}

interface DeliveryResponse {
	headersSent?: boolean;
	status(code: number): DeliveryResponse;
	json(body: unknown): unknown;
}

const DELIVERY_LOG_KEY = 'deliveryLog';

/** The exact body bytes: n8n reads them on request (`readRawBody`) into `rawBody`. */
async function rawBodyOf(request: DeliveryRequest): Promise<Buffer | undefined> {
	try {
		if (typeof request.readRawBody === 'function') await request.readRawBody();
	} catch {
		return undefined;
	}
	return Buffer.isBuffer(request.rawBody) ? request.rawBody : undefined;
}

async function signingSecretOf(context: IWebhookFunctions): Promise<string | undefined> {
	try {
		// The credential is optional: without one n8n throws, which means "no secret yet".
		const credentials = await context.getCredentials<{ secret?: unknown }>('faxPlusWebhookSecretApi');
		return typeof credentials?.secret === 'string' ? credentials.secret : undefined;
	} catch {
		return undefined;
	}
}

function headerOf(request: DeliveryRequest, name: string): string | undefined {
	const value = request.headers?.[name];
	return typeof value === 'string' && value !== '' ? value : undefined;
}

function answer(response: DeliveryResponse, status: number, body: IDataObject): void {
	if (!response.headersSent) response.status(status).json(body);
}

function refuse(response: DeliveryResponse, status: number, reason: string, message: string): IWebhookResponseData {
	answer(response, status, { received: false, reason, message });
	return { noWebhookResponse: true };
}

/** Separate records per workflow and node; a test session keeps its own. */
function scopeOf(context: IWebhookFunctions, testMode: boolean): string {
	const node = context.getNode();
	return `${context.getWorkflow().id ?? ''}:${node.id ?? node.name}${testMode ? ':test' : ''}`;
}

function skipReason(options: TriggerOptions, events: string[], event: string | null, status: string | null): string | undefined {
	if (event === null || !events.includes(event)) return 'event';
	if (!matchesStatuses(options.statuses, status)) return 'status';
	return undefined;
}

export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const response = this.getResponseObject() as unknown as DeliveryResponse;
	try {
		return await handle(this, response);
	} catch {
		// Unexpected; Fax.Plus retries a 500 with the same webhook-id.
		return refuse(response, 500, 'error', 'The delivery could not be processed');
	}
}

async function handle(context: IWebhookFunctions, response: DeliveryResponse): Promise<IWebhookResponseData> {
	const request = context.getRequestObject() as unknown as DeliveryRequest;
	const receivedAt = new Date().toISOString();
	// "Listen for test event": n8n runs test webhooks in the manual mode.
	const testMode = context.getMode() === 'manual';
	const options = readOptions(context);
	const rawBody = await rawBodyOf(request);

	let signatureVerified = false;
	if (!options.useLegacyHooks) {
		const result = verifyWebhookDelivery({
			secret: await signingSecretOf(context),
			headers: request.headers ?? {},
			rawBody,
		});
		signatureVerified = result.ok;
		// In production nothing unverified starts a run. A test session's endpoint has a
		// secret n8n cannot know yet, so there it is accepted, flagged unverified.
		if (!result.ok && !testMode) return refuse(response, 401, result.reason, result.message);
	}

	const payload = parsePayload(rawBody, request.body);
	if (!payload) return refuse(response, 400, 'invalid_body', 'The body is not a JSON object');

	// Legacy deliveries have no webhook-id: a repeat is recognised by its exact body.
	const webhookId = options.useLegacyHooks ? undefined : headerOf(request, 'webhook-id');
	const key =
		webhookId !== undefined
			? keyOfDeliveryId(webhookId)
			: keyOfRawBody(rawBody ?? Buffer.from(JSON.stringify(request.body ?? null), 'utf8'));

	// From here to the answer nothing awaits, so concurrent requests cannot interleave.
	const log = deliveryLogFor(scopeOf(context, testMode), {
		retentionMs: options.retentionMs,
		maxEntries: options.maxEntries,
	});
	const staticData = context.getWorkflowStaticData('node');
	log.load(staticData[DELIVERY_LOG_KEY]);
	const first = log.checkAndRecord(key);
	// Assigned on every delivery so n8n sees a change and saves it.
	staticData[DELIVERY_LOG_KEY] = log.snapshot() as unknown as IDataObject;

	if (!first) return { webhookResponse: { received: true, duplicate: true } };

	const skipped = skipReason(options, selectedEvents(context), eventOf(payload), statusOf(payload));
	if (skipped !== undefined) return { webhookResponse: { received: true, skipped } };

	const item = buildOutput(payload, {
		webhookId: webhookId ?? null,
		signatureVerified,
		receivedAt,
		legacy: options.useLegacyHooks,
	});
	answer(response, 200, { received: true });
	if (!options.downloadDocument || !DOCUMENT_EVENTS.includes(eventOf(payload) ?? '')) {
		return { noWebhookResponse: true, workflowData: [[{ json: item }]] };
	}
	// After the answer, which Fax.Plus wants quickly; never throws (a failure becomes documentError).
	return { noWebhookResponse: true, workflowData: [[await withDocument(context, payload, options, item)]] };
}
