import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/** Whether the Base URL may carry the token, written out (n8n's expressions have no URL parser). */
const SAFE_BASE_URL = String.raw`/^\s*(https:\/\/[^\/?#@\s]+|http:\/\/(localhost|127(\.\d{1,3}){1,3}|\[::1\])(:\d+)?)(\/[^?#\s]*)?\s*$/i.test($credentials.baseUrl)`;

/** Both API credentials' Base URL: the transport reads it whichever credential the node uses. */
export const baseUrlProperty: INodeProperties = {
	displayName: 'Base URL',
	name: 'baseUrl',
	type: 'string',
	default: 'https://restapi.fax.plus/v3',
	required: true,
	description:
		'The API address, ending in /v3, starting with https:// (http:// only for a loopback host such as 127.0.0.1). Change it only to use another server, such as a local test server.',
};

export class FaxPlusApi implements ICredentialType {
	name = 'faxPlusApi';

	displayName = 'Fax.Plus API';

	icon: Icon = { light: 'file:../icons/faxplus.svg', dark: 'file:../icons/faxplus.dark.svg' };

	documentationUrl = 'https://apidoc.fax.plus/';

	// This package's nodes and their tools only: n8n's HTTP Request node would send the token anywhere.
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

	// The token goes only to a safe Base URL, the credential test's request included.
	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: `={{ ${SAFE_BASE_URL} ? "Bearer " + $credentials.accessToken : "" }}`,
			},
		},
	};

	// A redirect fails the test (n8n would follow it with the token).
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ $credentials.baseUrl.trim().replace(/\\/+$/, "") }}',
			url: '/auth/token',
			disableFollowRedirect: true,
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
						"Fax.Plus refused the token (HTTP 401). Check the Personal Access Token: copy it again from Integrations → Personal Access Tokens. The token is sent only to a Base URL starting with https:// (http:// only to a loopback host such as 127.0.0.1), with no user name, password, query or fragment: Fax.Plus's is https://restapi.fax.plus/v3",
				},
			},
		],
	};
}
