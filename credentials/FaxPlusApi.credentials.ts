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

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/auth/token',
		},
	};
}
