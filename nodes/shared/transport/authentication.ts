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

/** The editor's label of the sign-in credential's row (n8n's own: "Credential"), clear beside the trigger's signing secret. */
export const SIGN_IN_LABEL = 'Fax.Plus Account';

export const signInCredentials: INodeCredentialDescription[] = [
	{
		name: 'faxPlusApi',
		displayName: SIGN_IN_LABEL,
		required: true,
		displayOptions: { show: { authentication: ['accessToken'] } },
	},
	{
		name: 'faxPlusOAuth2Api',
		displayName: SIGN_IN_LABEL,
		required: true,
		displayOptions: { show: { authentication: ['oAuth2'] } },
	},
];
