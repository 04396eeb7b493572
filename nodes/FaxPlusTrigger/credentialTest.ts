// Checks the signing secret credential locally: Fax.Plus has no API that could confirm it.
import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';
import { isValidWebhookSecret, MIN_SECRET_BYTES } from './signature';

export async function faxPlusWebhookSecretTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const secret = credential.data?.secret;
	if (typeof secret === 'string' && isValidWebhookSecret(secret)) {
		return { status: 'OK', message: 'The signing secret has the whsec_ format' };
	}
	// The value itself is never repeated.
	return { status: 'Error', message: WEAK_SECRET_MESSAGE };
}

/** What a real secret looks like; said by the credential test and by the trigger's activation. */
export const WEAK_SECRET_MESSAGE = `The signing secret must be the value Fax.Plus shows for the endpoint: "whsec_" followed by the base64 of a key of at least ${MIN_SECRET_BYTES} bytes (32 or more base64 characters); a shorter key could be guessed and deliveries forged`;
