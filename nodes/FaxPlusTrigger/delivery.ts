// Handles one delivery in webhook(): verify, skip known repeats, filter, hand the run to n8n.
// Never throws.
//
// 2xx means "n8n holds the run". An accepted delivery is not answered here: webhook() returns
// its workflowData (no noWebhookResponse), and n8n, with the webhook's responseMode
// 'onReceived', answers `webhookResponse` only after WorkflowRunner.run() returned: the
// execution row exists and, in queue mode, the job is in Redis. If run() throws, n8n answers
// 500 and Fax.Plus re-sends. The fast path records the key only once that 2xx has gone out
// (the response's 'close' event after 'finish'); the durable record is written by the run's
// execute() phase (run.ts).
//
// Answers:
// - accepted: 200 {"received":true} from n8n once it holds the run;
// - known repeat: 200 {"received":true,"duplicate":true}, no run;
// - another copy still in flight: 409 {"received":false,"reason":"in_flight"} + Retry-After;
// - filtered out (event, status): 200 {"received":true,"skipped":...}, no run;
// - legacy hook delivery without this trigger's hook token: 401 at once, no run;
// - refused (signature, timestamp, body): 401/400 at once, no run; headers that are missing or
//   malformed are refused before the signing secret credential is read;
// - body over MAX_BODY_BYTES (declared, or as n8n read it): 413 before it is hashed, no run;
// - signing secret configured but unreadable (n8n's database unreachable): 503 + Retry-After.
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { deliveryLogFor, keyOfDeliveryId, keyOfRawBody, type DeliveryLog } from './deduplication';
import { hookTokenMatches, registeredHookTokenHashes } from './hookToken';
import { logRefusal } from './refusalLog';
import { checkSignatureHeaders, verifyWebhookDelivery, type VerificationResult } from './signature';
import { checkWithSigningSecret, type SigningSecret } from './signingSecret';
import { HOOK_TOKEN_PARAM, hookWithoutToken } from '../api/hookTokens';
import { logDebug } from '../logging/log';
import { buildOutput, eventOf, parsePayload, statusOf } from '../triggers/output';
import {
	matchesStatuses,
	readOptions,
	selectedEvents,
	type TriggerOptions,
} from '../triggers/settings';

/** The parts of n8n's (express) request a delivery needs. */
interface DeliveryRequest {
	headers: Record<string, string | string[] | undefined>;
	body?: unknown;
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
}

/** The parts of n8n's (express) response a delivery needs. */
interface DeliveryResponse {
	headersSent?: boolean;
	statusCode?: number;
	writableFinished?: boolean;
	status(code: number): DeliveryResponse;
	json(body: unknown): unknown;
	setHeader?(name: string, value: string): unknown;
	once?(event: 'close', listener: () => void): unknown;
}

/** Seconds a sender is asked to wait before re-sending (409 in flight, 503 secret unreadable). */
const RETRY_AFTER_SECONDS = '5';
/** Fax.Plus's events are a few KB; n8n itself takes up to 16 MiB, which would all be hashed. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The signing secret credential is configured but n8n could not read it. */
const UNREADABLE: VerificationResult = {
	ok: false,
	reason: 'internal_error',
	message: 'The signing secret credential could not be read',
};

/** True when the request says (content-length) or turns out (the bytes read) to be too large. */
function tooLarge(request: DeliveryRequest, rawBody?: Buffer): boolean {
	const declared = Number(headerOf(request, 'content-length'));
	return declared > MAX_BODY_BYTES || (rawBody !== undefined && rawBody.length > MAX_BODY_BYTES);
}

/** The exact body bytes: n8n reads them on request (`readRawBody`) into `rawBody`. */
async function rawBodyOf(request: DeliveryRequest): Promise<Buffer | undefined> {
	try {
		if (typeof request.readRawBody === 'function') await request.readRawBody();
	} catch {
		return undefined;
	}
	return Buffer.isBuffer(request.rawBody) ? request.rawBody : undefined;
}

function headerOf(request: DeliveryRequest, name: string): string | undefined {
	const value = request.headers?.[name];
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The refusal of each answered request, logged once handle() is done (receiveDelivery). */
const refusals = new WeakMap<DeliveryResponse, { status: number; reason: string }>();

function refuse(
	response: DeliveryResponse,
	status: number,
	reason: string,
	message: string,
	retryAfter = false,
): IWebhookResponseData {
	refusals.set(response, { status, reason });
	if (!response.headersSent) {
		if (retryAfter) response.setHeader?.('Retry-After', RETRY_AFTER_SECONDS);
		response.status(status).json({ received: false, reason, message });
	}
	return { noWebhookResponse: true };
}

function hasHookToken(context: IWebhookFunctions): boolean {
	const given = (context.getQueryData() as Record<string, unknown>)?.[HOOK_TOKEN_PARAM];
	return hookTokenMatches(given, registeredHookTokenHashes(context.getWorkflowStaticData('node')));
}

function refuseTooLarge(response: DeliveryResponse): IWebhookResponseData {
	return refuse(
		response,
		413,
		'body_too_large',
		`The body is larger than ${MAX_BODY_BYTES} bytes; Fax.Plus events are a few KB`,
	);
}

/** Separate records per workflow and node; a test session keeps its own. */
function scopeOf(context: IWebhookFunctions, testMode: boolean): string {
	const node = context.getNode();
	return `${context.getWorkflow().id ?? ''}:${node.id ?? node.name}${testMode ? ':test' : ''}`;
}

function skipReason(
	options: TriggerOptions,
	events: string[],
	event: string | null,
	status: string | null,
): string | undefined {
	if (event === null || !events.includes(event)) return 'event';
	if (!matchesStatuses(options.statuses, status)) return 'status';
	return undefined;
}

/**
 * Ends the claim when the answer is done: recorded only if a 2xx went out, so a delivery whose
 * run n8n could not start (500) or whose answer was cut off is accepted when it is re-sent.
 */
function releaseWhenAnswered(response: DeliveryResponse, log: DeliveryLog, key: string): void {
	if (typeof response.once !== 'function') {
		// No way to see the answer: record now.
		log.release(key, true);
		return;
	}
	response.once('close', () => {
		const status = Number(response.statusCode);
		log.release(key, response.writableFinished === true && status >= 200 && status < 300);
	});
}

export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const response = this.getResponseObject() as unknown as DeliveryResponse;
	try {
		return await handle(this, response);
	} catch {
		// Unexpected; Fax.Plus retries a 500 with the same webhook-id.
		return refuse(response, 500, 'error', 'The delivery could not be processed; send it again');
	} finally {
		logAnswer(this, response);
	}
}

/** A refusal is a warning (throttled); another copy in flight is routine (debug). */
function logAnswer(context: IWebhookFunctions, response: DeliveryResponse): void {
	const refusal = refusals.get(response);
	if (!refusal) return;
	const { headers } = context.getRequestObject() as unknown as DeliveryRequest;
	if (refusal.reason === 'in_flight')
		logDebug(context, 'delivery answered 409: another copy of it is being handed to n8n', {
			event: 'delivery_in_flight',
		});
	else logRefusal(context, { status: refusal.status, cause: refusal.reason, headers });
}

async function handle(
	context: IWebhookFunctions,
	response: DeliveryResponse,
): Promise<IWebhookResponseData> {
	const request = context.getRequestObject() as unknown as DeliveryRequest;
	const receivedAt = new Date().toISOString();
	// "Listen for test event": n8n runs test webhooks in the manual mode.
	const testMode = context.getMode() === 'manual';
	const options = readOptions(context);
	// A legacy hook delivery proves where it comes from only by the token in its URL.
	if (options.useLegacyHooks && !hasHookToken(context)) {
		return refuse(
			response,
			401,
			'invalid_hook_token',
			"The request does not carry this trigger's legacy hook token",
		);
	}
	if (tooLarge(request)) return refuseTooLarge(response);
	const rawBody = await rawBodyOf(request);
	if (tooLarge(request, rawBody)) return refuseTooLarge(response);

	let signatureVerified = false;
	if (!options.useLegacyHooks) {
		const verify = (secret: SigningSecret) =>
			verifyWebhookDelivery({
				secret: secret.readable ? secret.secret : undefined,
				headers: request.headers ?? {},
				rawBody,
			});
		// Headers that cannot carry a valid signature cost nothing more: no credential read.
		const headers = checkSignatureHeaders({ headers: request.headers ?? {} });
		const verifyWithSecret = async (): Promise<VerificationResult> =>
			// A secret read moments ago, else the credential as it is now (signingSecret.ts).
			await checkWithSigningSecret(context, (secret) =>
				secret.readable || testMode ? verify(secret) : UNREADABLE,
			);
		const result: VerificationResult = headers.ok ? await verifyWithSecret() : headers;
		if (result === UNREADABLE) {
			return refuse(
				response,
				503,
				'secret_unavailable',
				'n8n could not read the signing secret credential; send it again later',
				true,
			);
		}
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

	// From here to the claim nothing awaits, so concurrent requests cannot interleave.
	const log = deliveryLogFor(scopeOf(context, testMode), {
		retentionMs: options.retentionMs,
		maxEntries: options.maxEntries,
	});
	const claim = log.claim(key);
	if (claim === 'repeat') {
		logDebug(context, 'delivery answered 200 without a run: it was received before', {
			event: 'delivery_repeat',
		});
		return { webhookResponse: { received: true, duplicate: true } };
	}
	if (claim === 'in_flight') {
		return refuse(
			response,
			409,
			'in_flight',
			'This delivery is being handed to n8n right now; send it again later',
			true,
		);
	}
	releaseWhenAnswered(response, log, key);

	const skipped = skipReason(options, selectedEvents(context), eventOf(payload), statusOf(payload));
	if (skipped !== undefined) {
		logDebug(context, `delivery answered 200 without a run: its ${skipped} is not selected`, {
			event: 'delivery_skipped',
			skipped,
		});
		return { webhookResponse: { received: true, skipped } };
	}

	const item = buildOutput(payload, {
		webhookId: webhookId ?? null,
		signatureVerified,
		receivedAt,
		legacy: options.useLegacyHooks,
	});
	if (options.useLegacyHooks) item.hook = hookWithoutToken(item.hook);
	// n8n answers this once it holds the run (responseMode 'onReceived', responseData '').
	return { workflowData: [[{ json: item }]], webhookResponse: { received: true } };
}
