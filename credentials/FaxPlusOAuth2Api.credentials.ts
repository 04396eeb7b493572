import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';
import { baseUrlProperty } from './FaxPlusApi.credentials';

// n8n applies no `authenticate` to OAuth2: the transport adds x-fax-clientid.
export class FaxPlusOAuth2Api implements ICredentialType {
	name = 'faxPlusOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Fax.Plus OAuth2 API';

	icon: Icon = { light: 'file:../icons/faxplus.svg', dark: 'file:../icons/faxplus.dark.svg' };

	documentationUrl = 'https://apidoc.fax.plus/';

	restrictToSupportedNodes = true as const;

	properties: INodeProperties[] = [
		{ displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'authorizationCode' },
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			default: 'https://accounts.fax.plus/login',
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			default: 'https://accounts.fax.plus/token',
			required: true,
		},
		{ displayName: 'Scope', name: 'scope', type: 'hidden', default: 'all' },
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		// Fax.Plus's token endpoint takes HTTP Basic client credentials, as its docs show.
		{ displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'header' },
		baseUrlProperty,
	];
}
