// The Authentication parameter and the credentials of the nodes that call Fax.Plus.
import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

// The three nodes sign in to Fax.Plus the same way.

export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{ name: 'Access Token', value: 'accessToken' },
		{ name: 'OAuth2', value: 'oAuth2' },
	],
	default: 'accessToken',
};

export const signInCredentials: INodeCredentialDescription[] = [
	{
		name: 'faxPlusApi',
		required: true,
		displayOptions: { show: { authentication: ['accessToken'] } },
	},
	{
		name: 'faxPlusOAuth2Api',
		required: true,
		displayOptions: { show: { authentication: ['oAuth2'] } },
	},
];
