import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class FaxPlusApi implements ICredentialType {
	name = 'faxPlusApi';

	displayName = 'Fax.Plus API';

	icon: Icon = { light: 'file:../icons/faxplus.svg', dark: 'file:../icons/faxplus.dark.svg' };

	documentationUrl = 'https://apidoc.fax.plus/';

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
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://restapi.fax.plus/v3',
			required: true,
			description:
				'The API address, ending in /v3. Change it only to use another server, such as a local test server.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};

	// n8n's credential test would follow a redirect with the token to wherever it points: a redirect
	// fails the test instead, so the token stays at the Base URL's origin.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
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
						'Fax.Plus refused the token (HTTP 401). Check the Personal Access Token: copy it again from Integrations → Personal Access Tokens.',
				},
			},
		],
	};
}
