// Why a delivery is refused, in plain words, and its throttled warning (never a secret).
import { logThrottledWarning, type LogContext } from '../shared/logging/log';
import type { LogThrottle } from '../shared/logging/throttle';
import { SKIPPED_CHECK_TODO } from '../shared/n8n/triggerExecute';
import { signatureHeadersOf, TIMESTAMP_TOLERANCE_SECONDS } from './signature';

const SECRET_STEP =
	"Copy the signing secret (whsec_…) of the endpoint whose URL is this node's Production URL from Fax.Plus → Integrations → Webhooks into the trigger's signing secret credential and save it";
/** A cause of headers that are not Fax.Plus's: a proxy changed them, or someone else posted. */
const notFaxPlus = (what: string) => ({
	what,
	todo: 'If a proxy sits in front of n8n, let it pass the svix-id, svix-timestamp and svix-signature headers (or webhook-id, webhook-timestamp and webhook-signature) unchanged; otherwise the request did not come from Fax.Plus and nothing needs doing',
});

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
	no_raw_body: {
		what: 'n8n did not hand the raw body to the trigger, so the signature cannot be checked',
		todo: 'Report it to the package with your n8n version',
	},
	internal_error: {
		what: 'the signature could not be checked',
		todo: 'Report it to the package with your n8n version',
	},
	secret_unavailable: {
		what: 'n8n could not read the signing secret credential (its database unreachable?)',
		todo: "Check n8n's database; Fax.Plus sends the delivery again (answered 503)",
	},
	body_too_large: {
		what: 'the body is larger than 1 MiB; Fax.Plus events are a few KB',
		todo: 'Nothing, unless you post to this URL yourself: the request did not come from Fax.Plus',
	},
	invalid_body: {
		what: 'the body is not a JSON object, so not a Fax.Plus event',
		todo: 'Nothing, unless you post to this URL yourself: the request did not come from Fax.Plus',
	},
	duplicate_check_skipped: {
		what: "this workflow runs on n8n's Engine 2.0, which passes a delivery on without the trigger's duplicate check",
		todo: `${SKIPPED_CHECK_TODO}; Fax.Plus sends the delivery again (answered 500)`,
	},
	error: {
		what: 'the delivery could not be processed',
		todo: 'Fax.Plus sends it again (answered 500); if this repeats, report it to the package with your n8n version',
	},
} satisfies Record<string, { what: string; todo: string }>;

export type RefusalCause = keyof typeof REFUSAL_CAUSES;

/** The causes the signing secret credential decides: their line names it. */
const SECRET_CAUSES: RefusalCause[] = ['no_secret', 'invalid_secret', 'signature_mismatch'];

/** The node's signing secret credential by the name n8n gives it (never its value), or that none is chosen. */
function secretCredentialOf(context: LogContext): string {
	let name: string | undefined;
	try {
		name = context.getNode().credentials?.faxPlusWebhookSecretApi?.name ?? undefined;
	} catch {
		// A context without its node still logs the refusal.
	}
	if (name === undefined) return ' (no signing secret credential is chosen in the trigger)';
	return ` (signing secret credential "${name.length > 100 ? `${name.slice(0, 99)}…` : name}")`;
}

export function logRefusal(
	context: LogContext,
	throttle: LogThrottle,
	status: number,
	cause: RefusalCause,
	headers: Record<string, unknown>,
): void {
	const { id, timestamp } = signatureHeadersOf(headers as Record<string, string | undefined>);
	// How many seconds this host's clock is ahead of the delivery's timestamp (negative: behind).
	const skewSeconds =
		cause === 'timestamp_out_of_window' &&
		typeof timestamp === 'string' &&
		/^[0-9]{1,15}$/.test(timestamp)
			? Math.floor(Date.now() / 1000) - Number(timestamp)
			: undefined;
	const skew =
		skewSeconds === undefined
			? ''
			: ` (this host's clock is ${Math.abs(skewSeconds)} seconds ${skewSeconds >= 0 ? 'ahead of' : 'behind'} the delivery's timestamp)`;
	// The delivery's ID only when it has the shape of one (never an arbitrary string from the request).
	const deliveryId = typeof id === 'string' && /^[A-Za-z0-9_.:-]{1,100}$/.test(id) ? id : undefined;
	const { what, todo } = REFUSAL_CAUSES[cause];
	logThrottledWarning(
		context,
		throttle,
		`refused:${cause}`,
		`delivery refused (${status}): ${what}${skew}${SECRET_CAUSES.includes(cause) ? secretCredentialOf(context) : ''}. ${todo}.`,
		{
			event: 'delivery_refused',
			cause,
			status,
			...(skewSeconds !== undefined ? { clockSkewSeconds: skewSeconds } : {}),
			...(deliveryId !== undefined ? { deliveryId } : {}),
		},
	);
}
