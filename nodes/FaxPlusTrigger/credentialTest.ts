// Checks the signing secret credential locally: Fax.Plus has no API that could confirm it.
import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';
import { isValidWebhookSecret } from './signature';

export async function faxPlusWebhookSecretTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const secret = credential.data?.secret;
	if (typeof secret === 'string' && isValidWebhookSecret(secret)) {
		return { status: 'OK', message: 'The signing secret has the whsec_ format' };
	}
	// The value itself is never repeated.
	return {
		status: 'Error',
		message:
			'The signing secret must be the value Fax.Plus shows for the endpoint: "whsec_" followed by base64 characters',
	};
}
