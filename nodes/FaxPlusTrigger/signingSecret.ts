// The signing secret, reused for REUSE_MS; a failed signature re-reads it (once per REUSE_MS).
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { isEmptySecret, WEAK_SECRET_MESSAGE } from './credentialTest';
import { logInfo } from '../logging/log';
import { isValidWebhookSecret } from './signature';
import { operationError } from '../api/nodeErrors';

const SIGNING_SECRET_CREDENTIAL = 'faxPlusWebhookSecretApi';

const REUSE_MS = 10_000;

type SigningSecret = { readable: true; secret: string | undefined } | { readable: false };

const within = (since: number | undefined, now: number) =>
	since !== undefined && now - since < REUSE_MS && now >= since;

/** Per node instance (so per process); right in any process as a secret lives REUSE_MS at most. */
export class SigningSecrets {
	/** A read (under way or done: concurrent deliveries share one), and when a refused signature last made one. */
	private readonly read = new Map<
		string,
		{ secret: Promise<SigningSecret>; readAt: number; rereadAt?: number }
	>();

	async check<T>(context: IWebhookFunctions, check: (secret: SigningSecret) => T): Promise<T> {
		const node = context.getNode();
		const credential = node.credentials?.[SIGNING_SECRET_CREDENTIAL];
		// The credential is optional: none on the node means "no secret yet" (401 until pasted).
		if (!credential) return check({ readable: true, secret: undefined });
		const key = `${context.getWorkflow().id ?? ''}:${node.id ?? node.name}:${credential.id ?? credential.name}`;
		const now = Date.now();
		const reused = this.read.get(key);
		if (!reused || !within(reused.readAt, now)) return check(await this.readNow(context, key, now));
		const secret = await reused.secret;
		const result = check(secret);
		if ((result as { ok?: unknown }).ok === true || !secret.readable) return result;
		// Read the entry again: another delivery may have re-read the credential during the await.
		const current = this.read.get(key);
		if (current && current !== reused) return check(await current.secret);
		if (within(reused.rereadAt, now)) return result;
		return check(await this.readNow(context, key, now, now));
	}

	/** Reads the credential; set before the read ends, so concurrent deliveries do not read too. */
	private async readNow(
		context: IWebhookFunctions,
		key: string,
		now: number,
		rereadAt?: number,
	): Promise<SigningSecret> {
		const secret: Promise<SigningSecret> = context
			.getCredentials<{ secret?: unknown }>(SIGNING_SECRET_CREDENTIAL)
			.then(
				(credentials) => ({
					readable: true,
					secret: typeof credentials?.secret === 'string' ? credentials.secret : undefined,
				}),
				() => {
					// Unreadable is no bad signature, and not kept: the next delivery reads again.
					if (this.read.get(key)?.secret === secret) this.read.delete(key);
					return { readable: false };
				},
			);
		this.read.set(key, { secret, readAt: now, rereadAt });
		return await secret;
	}
}

/** Refuses to activate with a forgeable secret; none yet: goes on (401 until saved), logged. */
export async function checkSigningSecretStrength(context: IHookFunctions): Promise<void> {
	if (!context.getNode().credentials?.[SIGNING_SECRET_CREDENTIAL]) return;
	const credentials = await context.getCredentials<{ secret?: unknown }>(SIGNING_SECRET_CREDENTIAL);
	if (isValidWebhookSecret(credentials?.secret)) return;
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
}
