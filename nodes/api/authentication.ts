import type { INodeProperties } from 'n8n-workflow';

// Both nodes sign in the same way; the transport reads `authentication` to pick the credential.
// (The credential lists stay written out in each node class: n8n's lint rules read them literally.)

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
