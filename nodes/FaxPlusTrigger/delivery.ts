// One delivery: verify, filter, hand the run to n8n; refusals answered here. Never throws.
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { logRefusal, REFUSAL_CAUSES, type RefusalCause } from './refusalLog';
import {
	checkSignatureHeaders,
	signatureHeadersOf,
	verifyWebhookDelivery,
	type VerificationResult,
} from './signature';
import { SigningSecrets } from './signingSecret';
import { LogThrottle } from '../logging/throttle';
import { logDebug } from '../logging/log';
import { buildOutput, parsePayload } from '../triggers/output';
import { matchesStatuses, readOptions, selectedEvents } from '../triggers/settings';

interface DeliveryRequest {
	headers: Record<string, string | string[] | undefined>;
	body?: unknown;
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
}

interface DeliveryResponse {
	headersSent?: boolean;
	statusCode?: number;
	writableFinished?: boolean;
	closed?: boolean;
	once(event: 'close', listener: () => void): unknown;
	status(code: number): DeliveryResponse;
	json(body: unknown): unknown;
	setHeader(name: string, value: string): unknown;
}

/** Webhook-ids remembered per process at most; at least the latest half of that. */
const MAX_ANSWERED = 10_000;

/** Webhook-ids answered 2xx, marked only once the 2xx went out: right in any process. */
class AnsweredDeliveries {
	// Halves dropped whole: deleting a Set's oldest entries one by one leaves holes V8 rescans.
	private recent = new Set<string>();
	private older = new Set<string>();
	private readonly inFlight = new Map<string, Promise<void>>();

	async answeredBefore(key: string, response: DeliveryResponse): Promise<boolean> {
		for (let copy = this.inFlight.get(key); copy; copy = this.inFlight.get(key)) await copy;
		if (this.recent.has(key) || this.older.has(key)) return true;
		// A response already closed (the sender gave up) would never tell its end.
		if (response.closed === true) return false;
		this.inFlight.set(
			key,
			new Promise((ended) =>
				response.once('close', () => {
					this.inFlight.delete(key);
					const status = Number(response.statusCode);
					if (response.writableFinished === true && status >= 200 && status < 300) {
						if (this.recent.size >= MAX_ANSWERED / 2) {
							this.older = this.recent;
							this.recent = new Set();
						}
						this.recent.add(key);
					}
					ended();
				}),
			),
		);
		return false;
	}
}

/** Fax.Plus's events are a few KB; n8n itself takes up to 16 MiB, which would all be hashed. */
const MAX_BODY_BYTES = 1024 * 1024;

interface Refusal {
	status: number;
	reason: RefusalCause;
	retryAfter?: string;
}

async function rawBodyOf(request: DeliveryRequest): Promise<Buffer | undefined> {
	try {
		await request.readRawBody?.();
		return Buffer.isBuffer(request.rawBody) ? request.rawBody : undefined;
	} catch {
		return undefined;
	}
}

/** The node's webhook(), one per node instance (so per process), with its per-process memory. */
export function deliveryReceiver() {
	const secrets = new SigningSecrets();
	const throttle = new LogThrottle();
	const answered = new AnsweredDeliveries();
	return async function (this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const response = this.getResponseObject() as unknown as DeliveryResponse;
		const request = this.getRequestObject() as unknown as DeliveryRequest;
		let outcome: IWebhookResponseData | Refusal;
		try {
			outcome = await handle(this, request, response, secrets, answered);
		} catch {
			// Unexpected; Fax.Plus retries a 500 with the same webhook-id.
			outcome = { status: 500, reason: 'error' };
		}
		if (!('reason' in outcome)) return outcome;
		const { status, reason, retryAfter } = outcome;
		if (!response.headersSent) {
			if (retryAfter) response.setHeader('Retry-After', retryAfter);
			response
				.status(status)
				.json({ received: false, reason, message: REFUSAL_CAUSES[reason].what });
		}
		logRefusal(this, throttle, status, reason, request.headers);
		return { noWebhookResponse: true };
	};
}

async function handle(
	context: IWebhookFunctions,
	request: DeliveryRequest,
	response: DeliveryResponse,
	secrets: SigningSecrets,
	answered: AnsweredDeliveries,
): Promise<IWebhookResponseData | Refusal> {
	const receivedAt = new Date().toISOString();
	// "Listen for test event": n8n runs test webhooks in the manual mode.
	const testMode = context.getMode() === 'manual';
	const options = readOptions(context);
	const { headers } = request;
	// Too large as declared (then not read), or as n8n read it: refused before it is hashed.
	const declared = Number(headers['content-length']);
	const rawBody = declared > MAX_BODY_BYTES ? undefined : await rawBodyOf(request);
	if (declared > MAX_BODY_BYTES || (rawBody?.length ?? 0) > MAX_BODY_BYTES)
		return { status: 413, reason: 'body_too_large' };

	// Headers that cannot carry a valid signature cost nothing more: no credential read.
	const shape = checkSignatureHeaders({ headers });
	const result = shape.ok
		? await secrets.check(context, (secret): VerificationResult | 'unreadable' =>
				secret.readable || testMode
					? verifyWebhookDelivery({
							secret: secret.readable ? secret.secret : undefined,
							headers,
							rawBody,
						})
					: 'unreadable',
			)
		: shape;
	if (result === 'unreadable')
		return { status: 503, reason: 'secret_unavailable', retryAfter: '5' };
	// A test session's endpoint has a secret n8n cannot know yet: accepted there, flagged.
	if (!result.ok && !testMode) return { status: 401, reason: result.reason };

	const payload = parsePayload(rawBody, request.body);
	if (!payload) return { status: 400, reason: 'invalid_body' };

	const webhookId = signatureHeadersOf(headers).id;
	const node = context.getNode();
	const key = JSON.stringify([context.getWorkflow().id, node.id ?? node.name, testMode, webhookId]);
	if (await answered.answeredBefore(key, response)) {
		logDebug(context, 'delivery answered 200 without a run: it was answered before', {
			event: 'delivery_repeat',
		});
		return { webhookResponse: { received: true, duplicate: true } };
	}

	const skipped = !selectedEvents(context).includes(String(payload.hook.event))
		? 'event'
		: !matchesStatuses(options.statuses, payload.data.status)
			? 'status'
			: undefined;
	if (skipped !== undefined) {
		logDebug(context, `delivery answered 200 without a run: its ${skipped} is not selected`, {
			event: 'delivery_skipped',
			skipped,
		});
		return { webhookResponse: { received: true, skipped } };
	}

	const item = buildOutput(payload, {
		webhookId: webhookId ?? null,
		signatureVerified: result.ok,
		receivedAt,
	});
	// n8n answers this once it holds the run (responseMode 'onReceived', responseData '').
	return { workflowData: [[{ json: item }]], webhookResponse: { received: true } };
}
