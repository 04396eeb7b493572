// The trigger's webhook(): one delivery verified (its size, its signature over the raw bytes),
// filtered by event and status, and handed to n8n as a run; a refusal is answered here, with a
// throttled warning in n8n's log, and one the signing secret decides also with a failed run at
// most once an hour per endpoint (its marker item: triggers/output.ts). Never throws.
// Entry: deliveryReceiver(); then handle(), the known secrets, the refusal's log line and run, and
// the causes.
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import {
	answerDirectly,
	answeredDirectly,
	rawBodyOf,
	skipsDuplicateCheck,
	SKIPPED_CHECK_TODO,
} from '../shared/n8n/triggers';
import {
	checkSignatureHeaders,
	signatureHeadersOf,
	verifyWebhookDelivery,
	type VerificationInput,
	type VerificationResult,
	TIMESTAMP_TOLERANCE_SECONDS,
} from './signature';
import { logDebug, urlWithoutSecrets, type LogContext } from '../shared/logging/log';
import { logThrottledWarning, LOG_WINDOW_MS, Throttle } from '../shared/logging/throttle';
import {
	buildOutput,
	isObject,
	parsePayload,
	refusalRunItem,
	type RefusalRun,
} from '../shared/triggers/output';
import { matchesStatuses, readOptions, selectedEvents } from '../shared/triggers/settings';
import { ENDPOINTS_KEY } from './endpointRecord';

/** The node's webhook(), one per node instance (so per process: nodes/shared/n8n/README.md), with its throttles. */
export function deliveryReceiver() {
	const throttle = new Throttle(LOG_WINDOW_MS);
	const refusalRuns = new Throttle(REFUSAL_RUN_WINDOW_MS);
	const verify = knownSecrets();
	return async function (this: IWebhookFunctions): Promise<IWebhookResponseData> {
		let outcome: IWebhookResponseData | Refusal;
		try {
			outcome = await handle(this, verify);
		} catch {
			// Unexpected; Fax.Plus retries a 500 with the same webhook-id.
			outcome = { status: 500, reason: 'error' };
		}
		if (!('reason' in outcome)) return outcome;
		const { status, reason, retryAfter } = outcome;
		const body = { received: false, reason, message: REFUSAL_CAUSES[reason].what };
		answerDirectly(this, status, body, retryAfter ? { 'Retry-After': retryAfter } : {});
		logRefusal(this, throttle, status, reason, this.getHeaderData());
		const refusal = refusalRunOf(this, refusalRuns, reason);
		// The sender has its 401; the run n8n starts with the marker fails in execute().
		return answeredDirectly(refusal && [[refusalRunItem(refusal)]]);
	};
}

async function handle(
	context: IWebhookFunctions,
	verify: VerifyDelivery,
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
	const verified = shape.ok ? await verify(context, { headers, rawBody }) : shape;
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
		...(!result.ok && { signatureNote: TEST_EVENT_NOTE }),
		receivedAt,
	});
	// n8n answers this once it holds the run (n8n/triggers.ts); its execute() checks for repeats.
	return { workflowData: [[{ json: item }]], webhookResponse: { received: true } };
}

/** Beside `signatureVerified: false`: only a test event gets this far unverified. */
const TEST_EVENT_NOTE =
	'A test event from the editor (Listen for test event) is not verified: n8n cannot know its ' +
	"temporary endpoint's signing secret. Published, the trigger runs only verified deliveries.";

/** Fax.Plus's events are a few KB; n8n itself takes up to 16 MiB, which would all be hashed. */
const MAX_BODY_BYTES = 1024 * 1024;

type Refusal = { status: number; reason: RefusalCause; retryAfter?: string };

/** Verifies a delivery with the node's signing secret; null where n8n could not read the secret. */
type VerifyDelivery = (
	context: IWebhookFunctions,
	input: Omit<VerificationInput, 'secret'>,
) => Promise<VerificationResult | null>;

/** Re-read at least this often, so a replaced secret stops counting by then. */
const KNOWN_SECRET_MAX_AGE_MS = 60_000;
/** Far more than the secret credentials one process's active triggers use. */
const MAX_KNOWN_SECRETS = 1_000;

// The secret that last verified a delivery, per workflow and credential, in this process: n8n 2.41
// takes an expression isolate to read a credential in webhook() (docs/benchmarks.md, "In-process
// caches"). A delivery it does not verify reads the credential again: a changed secret counts.
// The verification answers null where n8n could not read the secret.
function knownSecrets(): VerifyDelivery {
	const known = new Map<string, { secret: string; readAt: number }>();
	return async (context, input) => {
		const credential = context.getNode().credentials?.faxPlusWebhookSecretApi;
		// The credential is optional: none on the node means "no secret yet" (401 until pasted).
		if (!credential) return verifyWebhookDelivery({ ...input, secret: undefined });
		const key = `${String(context.getWorkflow().id)}\n${credential.id ?? credential.name}`;
		const kept = known.get(key);
		if (kept && Date.now() - kept.readAt < KNOWN_SECRET_MAX_AGE_MS) {
			const result = verifyWebhookDelivery({ ...input, secret: kept.secret });
			if (result.ok) return result;
		} else known.delete(key);
		let secret: string | undefined;
		try {
			const read = await context.getCredentials<{ secret?: unknown }>('faxPlusWebhookSecretApi');
			secret = typeof read.secret === 'string' ? read.secret : undefined;
		} catch {
			return null;
		}
		const result = verifyWebhookDelivery({ ...input, secret });
		if (result.ok && secret !== undefined) {
			if (known.size >= MAX_KNOWN_SECRETS) known.clear();
			known.set(key, { secret, readAt: Date.now() });
		}
		return result;
	};
}

function logRefusal(
	context: IWebhookFunctions,
	throttle: Throttle,
	status: number,
	cause: RefusalCause,
	headers: Record<string, unknown>,
): void {
	const { id, timestamp } = signatureHeadersOf(headers as Record<string, string | undefined>);
	// How many seconds this host's clock is ahead of the delivery's timestamp (negative: behind).
	const skewSeconds =
		cause === 'timestamp_out_of_window' && /^[0-9]{1,15}$/.test(timestamp ?? '')
			? Math.floor(Date.now() / 1000) - Number(timestamp)
			: undefined;
	const skew =
		skewSeconds === undefined
			? ''
			: ` (this host's clock is ${Math.abs(skewSeconds)} seconds ${skewSeconds >= 0 ? 'ahead of' : 'behind'} the delivery's timestamp)`;
	// The delivery's ID only when it has the shape of one (never an arbitrary string from the request).
	const deliveryId = typeof id === 'string' && /^[A-Za-z0-9_.:-]{1,100}$/.test(id) ? id : undefined;
	const { what, todo } = REFUSAL_CAUSES[cause];
	// A cause the credential decides names it and the endpoint whose secret it must hold.
	const endpoint = SECRET_CAUSES.includes(cause) ? endpointOf(context) : undefined;
	const secret = endpoint ? ` (${secretCredentialOf(context)}; ${endpoint.text})` : '';
	logThrottledWarning(
		context,
		throttle,
		`refused:${cause}`,
		`delivery refused (${status}): ${what}${skew}${secret}. ${todo}.`,
		{
			event: 'delivery_refused',
			cause,
			status,
			...(endpoint?.endpointId !== undefined && { endpointId: endpoint.endpointId }),
			...(skewSeconds !== undefined && { clockSkewSeconds: skewSeconds }),
			...(deliveryId !== undefined && { deliveryId }),
		},
	);
}

/**
 * The failed run's words for a refusal the signing secret decides, the first of its endpoint in
 * an hour (`gate`); undefined otherwise (a test event is never refused for its signature).
 */
function refusalRunOf(
	context: IWebhookFunctions,
	gate: Throttle,
	cause: RefusalCause,
): RefusalRun | undefined {
	if (!SECRET_CAUSES.includes(cause) || context.getMode() === 'manual') return undefined;
	const endpoint = endpointOf(context);
	let webhook: string;
	try {
		const node = context.getNode();
		webhook = `${String(context.getWorkflow().id)}:${node.id ?? node.name}`;
	} catch {
		return undefined;
	}
	// An endpoint activation has not recorded yet (its first moments) counts as the one before.
	if (!gate.decide(webhook, Date.now(), endpoint.endpointId).write) return undefined;
	const credential = secretCredentialOf(context);
	const where = `${endpoint.text[0].toUpperCase()}${endpoint.text.slice(1)}`;
	return {
		message: `${REFUSAL_RUN_HEAD}${REFUSAL_CAUSES[cause].what}`,
		description: `${where}; ${credential}. ${REFUSAL_RUN_TODO}. ${REFUSAL_RUN_NOTE}`,
	};
}

/** One refusal run per endpoint in this window: a flood of forged signatures costs one execution. */
const REFUSAL_RUN_WINDOW_MS = 60 * 60 * 1000;

/** A refusal run's error, before the cause's words. */
export const REFUSAL_RUN_HEAD = 'Fax.Plus delivery refused (401): ';
/** What a refusal run says to do: the endpoint's secret into the credential, or a new endpoint. */
export const REFUSAL_RUN_TODO =
	"Copy that endpoint's signing secret (whsec_…) from Fax.Plus → Integrations → Webhooks into the trigger's signing secret credential and save it, or deactivate and publish the workflow again to register a new endpoint, then copy its secret";
/** Why one failed execution stands for many refusals. */
export const REFUSAL_RUN_NOTE =
	"The sender was answered 401. n8n's log has every refusal; this failed execution appears at most once an hour per endpoint.";

/** The node's signing secret credential by the name n8n gives it (never its value), or that none is chosen. */
function secretCredentialOf(context: LogContext): string {
	let name: string | undefined;
	try {
		name = context.getNode().credentials?.faxPlusWebhookSecretApi?.name ?? undefined;
	} catch {
		// A context without its node still logs the refusal.
	}
	if (name === undefined) return 'no signing secret credential is chosen in the trigger';
	return `signing secret credential "${name.length > 100 ? `${name.slice(0, 99)}…` : name}"`;
}

/** The endpoint whose secret the credential must hold: its ID as activation recorded it, and the node's URL without query. */
function endpointOf(context: IWebhookFunctions): { text: string; endpointId?: string } {
	let url: string | undefined;
	let recorded: unknown;
	try {
		url = context.getNodeWebhookUrl('default');
		const stored = context.getWorkflowStaticData('node')[ENDPOINTS_KEY];
		recorded = url !== undefined && isObject(stored) ? stored[url] : undefined;
	} catch {
		// A context without them still logs the refusal.
	}
	const endpointId =
		typeof recorded === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(recorded) ? recorded : undefined;
	const at = url === undefined ? undefined : urlWithoutSecrets(url);
	if (endpointId === undefined)
		return { text: at === undefined ? 'no webhook URL' : `webhook URL ${at}` };
	return {
		text: `webhook endpoint ${endpointId}${at === undefined ? '' : ` at ${at}`}`,
		endpointId,
	};
}

// Why a delivery is refused, in plain words, and its throttled warning (never a secret).
const SECRET_STEP =
	"Copy the signing secret (whsec_…) of the endpoint whose URL is this node's Production URL from Fax.Plus → Integrations → Webhooks into the trigger's signing secret credential and save it";
/** A cause of headers that are not Fax.Plus's: a proxy changed them, or someone else posted. */
const notFaxPlus = (what: string) => ({
	what,
	todo: 'If a proxy sits in front of n8n, let it pass the svix-id, svix-timestamp and svix-signature headers (or webhook-id, webhook-timestamp and webhook-signature) unchanged; otherwise the request did not come from Fax.Plus and nothing needs doing',
});
const notPosted = (what: string) => ({
	what,
	todo: 'Nothing, unless you post to this URL yourself: the request did not come from Fax.Plus',
});
const report = (what: string) => ({ what, todo: 'Report it to the package with your n8n version' });

/** Each cause the trigger refuses a delivery for (signature.ts's, the delivery's own): what happened and what to do. */
export const REFUSAL_CAUSES = {
	no_secret: {
		what: "no signing secret is saved in the trigger's signing secret credential yet",
		todo: `${SECRET_STEP}. Until then every delivery is refused, and one Fax.Plus gives up on is lost unless a Fax.Plus Polling Trigger in the workflow brings it`,
	},
	invalid_secret: {
		what: 'the saved signing secret is not a whsec_ secret of at least 24 bytes',
		todo: `${SECRET_STEP}, the whole value`,
	},
	signature_mismatch: {
		what: 'the signature does not verify with the saved signing secret',
		todo: `The credential holds another endpoint's secret or an old one (publishing the trigger again may have replaced the endpoint and its secret). ${SECRET_STEP}. If it is already right, someone other than Fax.Plus is posting to this URL`,
	},
	missing_webhook_id: notFaxPlus('the svix-id (or webhook-id) header is missing'),
	missing_timestamp: notFaxPlus('the svix-timestamp (or webhook-timestamp) header is missing'),
	missing_signature: notFaxPlus('the svix-signature (or webhook-signature) header is missing'),
	invalid_timestamp: notFaxPlus('the timestamp header is not a Unix time in seconds'),
	no_v1_signature: notFaxPlus('the signature header has no well-formed v1 signature'),
	timestamp_out_of_window: {
		what: `the delivery's timestamp is more than ${TIMESTAMP_TOLERANCE_SECONDS} seconds away from this host's clock`,
		todo: "If this host's clock is wrong, synchronise it (NTP); otherwise an old delivery was sent again and nothing needs doing",
	},
	no_raw_body: report(
		'n8n did not hand the raw body to the trigger, so the signature cannot be checked',
	),
	internal_error: report('the signature could not be checked'),
	secret_unavailable: {
		what: 'n8n could not read the signing secret credential (its database unreachable?)',
		todo: "Check n8n's database; Fax.Plus sends the delivery again (answered 503)",
	},
	body_too_large: notPosted('the body is larger than 1 MiB; Fax.Plus events are a few KB'),
	invalid_body: notPosted('the body is not a JSON object, so not a Fax.Plus event'),
	duplicate_check_skipped: {
		what: "this workflow runs on n8n's Engine 2.0, which passes a delivery on without the trigger's duplicate check",
		todo: `${SKIPPED_CHECK_TODO}; Fax.Plus sends the delivery again (answered 500)`,
	},
	error: {
		what: 'the delivery could not be processed',
		todo: 'Fax.Plus sends it again (answered 500); if this repeats, report it to the package with your n8n version',
	},
} satisfies Record<string, { what: string; todo: string }>;

type RefusalCause = keyof typeof REFUSAL_CAUSES;

/** The causes the signing secret credential decides: their line names it. */
const SECRET_CAUSES: RefusalCause[] = ['no_secret', 'invalid_secret', 'signature_mismatch'];
