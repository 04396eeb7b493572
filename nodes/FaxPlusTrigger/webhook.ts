// One delivery: verify, filter, hand the run to n8n; refusals answered here. Never throws.
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { skipsDuplicateCheck } from '../shared/n8n/triggerExecute';
import { answerDirectly, rawBodyOf } from '../shared/n8n/webhookHttp';
import { logRefusal, REFUSAL_CAUSES, type RefusalCause } from './refusalLog';
import {
	checkSignatureHeaders,
	signatureHeadersOf,
	verifyWebhookDelivery,
	type VerificationInput,
	type VerificationResult,
} from './signature';
import { LogThrottle } from '../shared/logging/throttle';
import { logDebug } from '../shared/logging/log';
import { buildOutput, parsePayload } from '../shared/triggers/output';
import { matchesStatuses, readOptions, selectedEvents } from '../shared/triggers/settings';

/** Fax.Plus's events are a few KB; n8n itself takes up to 16 MiB, which would all be hashed. */
const MAX_BODY_BYTES = 1024 * 1024;

interface Refusal {
	status: number;
	reason: RefusalCause;
	retryAfter?: string;
}

/** The endpoint's secret from its credential; undefined: none saved yet; null: n8n could not read it. */
async function signingSecretOf(context: IWebhookFunctions): Promise<string | undefined | null> {
	try {
		const { secret } = await context.getCredentials<{ secret?: unknown }>(
			'faxPlusWebhookSecretApi',
		);
		return typeof secret === 'string' ? secret : undefined;
	} catch {
		return null;
	}
}

/** Re-read at least this often, so a replaced secret stops counting by then. */
const KNOWN_SECRET_MAX_AGE_MS = 60_000;
/** Far more than the secret credentials one process's active triggers use. */
const MAX_KNOWN_SECRETS = 1_000;

/**
 * The secret that last verified a delivery, per workflow and credential, in this process: n8n 2.41
 * takes an expression isolate to read a credential in webhook() (docs/benchmarks.md, "In-process
 * caches"). A delivery the kept secret does not verify reads the credential again, so a pasted or
 * changed secret counts from the next delivery on.
 */
class KnownSecrets {
	private readonly known = new Map<string, { secret: string; readAt: number }>();

	/** The delivery's verification; null: n8n could not read the secret. */
	async verify(
		context: IWebhookFunctions,
		input: Omit<VerificationInput, 'secret'>,
	): Promise<VerificationResult | null> {
		const credential = context.getNode().credentials?.faxPlusWebhookSecretApi;
		// The credential is optional: none on the node means "no secret yet" (401 until pasted).
		if (!credential) return verifyWebhookDelivery({ ...input, secret: undefined });
		const key = `${String(context.getWorkflow().id)}\n${credential.id ?? credential.name}`;
		const kept = this.known.get(key);
		if (kept && Date.now() - kept.readAt < KNOWN_SECRET_MAX_AGE_MS) {
			const result = verifyWebhookDelivery({ ...input, secret: kept.secret });
			if (result.ok) return result;
		} else this.known.delete(key);
		const secret = await signingSecretOf(context);
		if (secret === null) return null;
		const result = verifyWebhookDelivery({ ...input, secret });
		if (result.ok && secret !== undefined) {
			if (this.known.size >= MAX_KNOWN_SECRETS) this.known.clear();
			this.known.set(key, { secret, readAt: Date.now() });
		}
		return result;
	}
}

/** The node's webhook(), one per node instance (so per process: nodes/shared/n8n/README.md), with its log throttle. */
export function deliveryReceiver() {
	const throttle = new LogThrottle();
	const secrets = new KnownSecrets();
	return async function (this: IWebhookFunctions): Promise<IWebhookResponseData> {
		let outcome: IWebhookResponseData | Refusal;
		try {
			outcome = await handle(this, secrets);
		} catch {
			// Unexpected; Fax.Plus retries a 500 with the same webhook-id.
			outcome = { status: 500, reason: 'error' };
		}
		if (!('reason' in outcome)) return outcome;
		const { status, reason, retryAfter } = outcome;
		const body = { received: false, reason, message: REFUSAL_CAUSES[reason].what };
		answerDirectly(this, status, body, retryAfter ? { 'Retry-After': retryAfter } : {});
		logRefusal(this, throttle, status, reason, this.getHeaderData());
		return { noWebhookResponse: true };
	};
}

async function handle(
	context: IWebhookFunctions,
	secrets: KnownSecrets,
): Promise<IWebhookResponseData | Refusal> {
	if (skipsDuplicateCheck(context)) return { status: 500, reason: 'duplicate_check_skipped' };
	const receivedAt = new Date().toISOString();
	// "Listen for test event": n8n runs test webhooks in the manual mode.
	const testMode = context.getMode() === 'manual';
	const options = readOptions(context);
	const headers = context.getHeaderData();
	// Too large as declared (then not read), or as n8n read it: refused before it is hashed.
	const declared = Number(headers['content-length']);
	const rawBody = declared > MAX_BODY_BYTES ? undefined : await rawBodyOf(context);
	if (declared > MAX_BODY_BYTES || (rawBody?.length ?? 0) > MAX_BODY_BYTES)
		return { status: 413, reason: 'body_too_large' };

	// Headers that cannot carry a valid signature cost nothing more: no credential read.
	const shape = checkSignatureHeaders({ headers });
	const verified = shape.ok ? await secrets.verify(context, { headers, rawBody }) : shape;
	if (verified === null && !testMode)
		return { status: 503, reason: 'secret_unavailable', retryAfter: '5' };
	const result = verified ?? { ok: false as const, reason: 'no_secret' as const };
	// A test session's endpoint has a secret n8n cannot know yet: accepted there, flagged.
	if (!result.ok && !testMode) return { status: 401, reason: result.reason };

	const payload = parsePayload(rawBody, context.getBodyData());
	if (!payload) return { status: 400, reason: 'invalid_body' };

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
		webhookId: signatureHeadersOf(headers).id ?? null,
		signatureVerified: result.ok,
		receivedAt,
	});
	// n8n answers this once it holds the run (n8n/webhookRun.ts); its execute() checks for repeats.
	return { workflowData: [[{ json: item }]], webhookResponse: { received: true } };
}
