// The endpoint's signing secret, as the node's credential holds it.
//
// Reading a credential costs n8n a database read, its access checks and a decryption. The
// secret read for one delivery is reused for the next REUSE_MS (per workflow, node and
// credential, so n8n's checks still decide who may use it), whether the delivery verifies or
// not: a flood of forged signatures reads the credential at most once per window, and
// concurrent deliveries wait for the one read under way. A pasted or rotated secret counts at
// most REUSE_MS later (a delivery refused meanwhile is re-sent by Fax.Plus); an unreadable
// credential (n8n's database unreachable) is read again after the same window.
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { WEAK_SECRET_MESSAGE } from './credentialTest';
import { isValidWebhookSecret } from './signature';

export const SIGNING_SECRET_CREDENTIAL = 'faxPlusWebhookSecretApi';

/** How long a secret read from the credential is reused. */
export const REUSE_MS = 10_000;

export type SigningSecret = { readable: true; secret: string | undefined } | { readable: false };

interface ReadSecret {
	secret: SigningSecret;
	readAt: number;
}

const recentlyRead = new Map<string, ReadSecret>();
/** Reads under way, per key: concurrent deliveries share one. */
const reading = new Map<string, Promise<SigningSecret>>();

/** Where a read secret is kept; undefined when the node has no signing secret credential. */
function keyOf(context: IWebhookFunctions): string | undefined {
	const node = context.getNode();
	const credential = node.credentials?.[SIGNING_SECRET_CREDENTIAL];
	if (!credential) return undefined;
	return `${context.getWorkflow().id ?? ''}:${node.id ?? node.name}:${credential.id ?? credential.name}`;
}

async function readNow(
	context: IWebhookFunctions,
	key: string,
	now: number,
): Promise<SigningSecret> {
	let secret: SigningSecret;
	try {
		const credentials = await context.getCredentials<{ secret?: unknown }>(
			SIGNING_SECRET_CREDENTIAL,
		);
		secret = {
			readable: true,
			secret: typeof credentials?.secret === 'string' ? credentials.secret : undefined,
		};
	} catch {
		// Configured but unreadable (n8n's database unreachable, say): not a bad signature.
		secret = { readable: false };
	}
	recentlyRead.set(key, { secret, readAt: now });
	return secret;
}

/**
 * The node's signing secret: the one read within the last REUSE_MS, else the credential as it
 * is now (at most one read at a time per node).
 */
export async function signingSecretFor(
	context: IWebhookFunctions,
	now = Date.now(),
): Promise<SigningSecret> {
	const key = keyOf(context);
	// The credential is optional: none on the node means "no secret yet" (401 until pasted).
	if (key === undefined) return { readable: true, secret: undefined };
	const read = recentlyRead.get(key);
	if (read && now - read.readAt < REUSE_MS && now >= read.readAt) return read.secret;
	let pending = reading.get(key);
	if (!pending) {
		pending = readNow(context, key, now).finally(() => reading.delete(key));
		reading.set(key, pending);
	}
	return await pending;
}

/**
 * Refuses to activate with a signing secret credential whose key is not a real one (too
 * short, not base64): deliveries signed with it could be forged. No credential: nothing to check.
 */
export async function checkSigningSecretStrength(context: IHookFunctions): Promise<void> {
	if (!context.getNode().credentials?.[SIGNING_SECRET_CREDENTIAL]) return;
	const credentials = await context.getCredentials<{ secret?: unknown }>(SIGNING_SECRET_CREDENTIAL);
	if (isValidWebhookSecret(credentials?.secret as string | undefined)) return;
	throw new NodeOperationError(context.getNode(), 'The signing secret credential is too weak', {
		description: WEAK_SECRET_MESSAGE,
	});
}

/** Forgets every secret read (tests, and nothing else). */
export function forgetSigningSecrets(): void {
	recentlyRead.clear();
	reading.clear();
}
