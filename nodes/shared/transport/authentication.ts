import type { INodeProperties } from 'n8n-workflow';

// Both nodes sign in the same way (credential lists stay literal: n8n's lint reads them).

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
