import type {
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { DEFAULT_BASE_URL, readBaseUrl } from '../nodes/shared/transport/addresses';
import { isBelowBaseUrl } from '../nodes/shared/transport/tokenScope';
import { NO_REDIRECTS } from '../nodes/shared/n8n/requestHelpers';
import { credentialSideDoor } from '../nodes/shared/n8n/credentialRequests';

/** Both API credentials' Base URL: the transport reads it whichever credential the node uses. */
export const baseUrlProperty: INodeProperties = {
	displayName: 'Base URL',
	name: 'baseUrl',
	type: 'string',
	default: DEFAULT_BASE_URL,
	required: true,
	description:
		'The API address, ending in /v3: https://, or http:// for a loopback host such as 127.0.0.1; change it only for another server',
};

export class FaxPlusApi implements ICredentialType {
	name = 'faxPlusApi';

	displayName = 'Fax.Plus API';

	icon: Icon = { light: 'file:../icons/faxplus.svg', dark: 'file:../icons/faxplus.dark.svg' };

	documentationUrl = 'https://apidoc.fax.plus/';

	// This package's nodes and their tools only (n8n 2.24 and later; earlier ones ignore it).
	restrictToSupportedNodes = true as const;

	properties: INodeProperties[] = [
		{
			displayName: 'Personal Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			placeholder: 'e.g. alohi_pat_...',
			description:
				'Create one in Fax.Plus under Integrations → Personal Access Tokens, with the scopes the operations you use need',
		},
		baseUrlProperty,
	];

	// The token goes only below a Base URL the transport accepts too (transport/addresses.ts), whichever node asks.
	// In code: n8n 2.x resolves a credential's expressions in the run's isolate, where a poll under
	// load failed on 2.41.1 ("No bridge acquired for this context").
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const reading = readBaseUrl(credentials.baseUrl);
		// Before anything is sent: the credential test fails with the reason.
		if ('refusal' in reading)
			throw new Error(
				`The credential's Base URL ${reading.refusal}, so nothing was sent. Fax.Plus's is ${DEFAULT_BASE_URL}; http:// only to a loopback host such as 127.0.0.1.`,
			);
		if (!isBelowBaseUrl(reading.url, requestOptions)) return requestOptions;
		// n8n would carry the header on, or open it on the way (n8n/credentialRequests.ts): fails, saying why.
		const sideDoor = credentialSideDoor(requestOptions);
		if (sideDoor)
			throw new Error(
				`The Fax.Plus API credential adds its token only to requests that follow no redirect, use no ` +
					`proxy and check TLS certificates; this request ${sideDoor}, so nothing was sent. In an HTTP ` +
					`Request node: turn off Options → Redirects → Follow Redirects, remove Options → Proxy and ` +
					`leave Ignore SSL Issues off.`,
			);
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				Authorization: `Bearer ${String(credentials.accessToken)}`,
			},
		};
	}

	// A redirect fails the test: followed, it would take the token along.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ $credentials.baseUrl.trim().slice(0, 2049).replace(/(?<!\\/)\\/+$/, "") }}',
			url: '/auth/token',
			...NO_REDIRECTS,
		},
		rules: [
			...[301, 302, 303, 307, 308].map((value) => ({
				type: 'responseCode' as const,
				properties: {
					value,
					message: `The Base URL answered with a redirect (HTTP ${value}), which is not followed, so the token is not sent on. Check the Base URL: Fax.Plus's is https://restapi.fax.plus/v3`,
				},
			})),
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'Fax.Plus refused the token (HTTP 401). Check the Personal Access Token: copy it again from Integrations → Personal Access Tokens.',
				},
			},
		],
	};
}
