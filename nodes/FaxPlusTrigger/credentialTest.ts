// Checks the signing secret credential locally: Fax.Plus has no API that could confirm it.
import type { ICredentialsDecrypted } from 'n8n-workflow';
import { isValidWebhookSecret, MIN_SECRET_BYTES } from './signature';

/** The credential saved empty, as the set-up does before the endpoint exists. */
export function isEmptySecret(secret: unknown): boolean {
	return secret === undefined || secret === null || String(secret).trim() === '';
}

export async function faxPlusWebhookSecretTest({ data }: ICredentialsDecrypted) {
	if (isValidWebhookSecret(data?.secret))
		return { status: 'OK' as const, message: 'The signing secret has the whsec_ format' };
	// Saved empty is a step of the set-up, not a failure: n8n's test has only OK and Error.
	if (isEmptySecret(data?.secret)) return { status: 'OK' as const, message: NO_SECRET_YET_MESSAGE };
	// The value itself is never repeated.
	return { status: 'Error' as const, message: WEAK_SECRET_MESSAGE };
}

/** What a real secret looks like; said by the credential test and by the trigger's activation. */
export const WEAK_SECRET_MESSAGE = `The signing secret must be the value Fax.Plus shows for the endpoint: "whsec_" followed by the base64 of a key of at least ${MIN_SECRET_BYTES} bytes (32 or more base64 characters); a shorter key could be guessed and deliveries forged`;

const NO_SECRET_YET_MESSAGE =
	"No signing secret yet, which is expected until the workflow is published: then copy the endpoint's whsec_… from Fax.Plus → Integrations → Webhooks into this credential and save it. Until then deliveries are refused with 401";
