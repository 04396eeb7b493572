// The endpoint's signing secret, as the node's credential holds it.
//
// Reading a credential costs n8n a database read, its access checks and a decryption, for
// every delivery. Under a stream of deliveries the secret read for one is reused for the next
// few seconds (per workflow, node and credential, so n8n's checks still decide who may use
// it). A signature the reused secret does not verify is checked again with a fresh read, so a
// pasted or rotated secret counts at once; an old secret is accepted at most REUSE_MS longer.
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { WEAK_SECRET_MESSAGE } from './credentialTest';
import { logInfo } from '../logging/log';
import { isValidWebhookSecret } from './signature';

export const SIGNING_SECRET_CREDENTIAL = 'faxPlusWebhookSecretApi';

/** How long a secret read from the credential is reused. */
export const REUSE_MS = 10_000;

export type SigningSecret = { readable: true; secret: string | undefined } | { readable: false };

interface ReadSecret {
	secret: string | undefined;
	readAt: number;
}

const recentlyRead = new Map<string, ReadSecret>();

/** Where a read secret is kept; undefined when the node has no signing secret credential. */
function keyOf(context: IWebhookFunctions): string | undefined {
	const node = context.getNode();
	const credential = node.credentials?.[SIGNING_SECRET_CREDENTIAL];
	if (!credential) return undefined;
	return `${context.getWorkflow().id ?? ''}:${node.id ?? node.name}:${credential.id ?? credential.name}`;
}

/** The secret read for this node within the last REUSE_MS, if any. */
export function recentSigningSecret(
	context: IWebhookFunctions,
	now = Date.now(),
): SigningSecret | undefined {
	const key = keyOf(context);
	const read = key === undefined ? undefined : recentlyRead.get(key);
	if (!read) return undefined;
	if (now - read.readAt < REUSE_MS && now >= read.readAt)
		return { readable: true, secret: read.secret };
	recentlyRead.delete(key!);
	return undefined;
}

/** Reads the secret from the credential now, and keeps it for the next deliveries. */
export async function readSigningSecret(
	context: IWebhookFunctions,
	now = Date.now(),
): Promise<SigningSecret> {
	const key = keyOf(context);
	// The credential is optional: none on the node means "no secret yet" (401 until pasted).
	if (key === undefined) return { readable: true, secret: undefined };
	try {
		const credentials = await context.getCredentials<{ secret?: unknown }>(
			SIGNING_SECRET_CREDENTIAL,
		);
		const secret = typeof credentials?.secret === 'string' ? credentials.secret : undefined;
		recentlyRead.set(key, { secret, readAt: now });
		return { readable: true, secret };
	} catch {
		// Configured but unreadable (n8n's database unreachable, say): not a bad signature.
		recentlyRead.delete(key);
		return { readable: false };
	}
}

/**
 * Refuses to activate with a signing secret credential whose key is not a real one (too
 * short, not base64): deliveries signed with it could be forged. No credential, or one still
 * empty (the secret exists only once the endpoint does): deliveries are refused with 401 until
 * the secret is saved, so activation goes on and says so in the log.
 */
export async function checkSigningSecretStrength(context: IHookFunctions): Promise<void> {
	if (!context.getNode().credentials?.[SIGNING_SECRET_CREDENTIAL]) return;
	const credentials = await context.getCredentials<{ secret?: unknown }>(SIGNING_SECRET_CREDENTIAL);
	const secret = credentials?.secret;
	if (
		secret === undefined ||
		secret === null ||
		(typeof secret === 'string' && secret.trim() === '')
	) {
		if (context.getMode() !== 'manual')
			logInfo(
				context,
				"no signing secret is saved in the trigger's signing secret credential yet: deliveries are refused with 401 until it is. Once the endpoint is registered, copy its signing secret (whsec_…) from Fax.Plus → Integrations → Webhooks into the credential and save it",
				{ event: 'signing_secret_empty' },
			);
		return;
	}
	if (isValidWebhookSecret(secret as string)) return;
	throw new NodeOperationError(context.getNode(), 'The signing secret credential is too weak', {
		description: WEAK_SECRET_MESSAGE,
	});
}

/** Forgets every secret read (tests, and nothing else). */
export function forgetSigningSecrets(): void {
	recentlyRead.clear();
}
