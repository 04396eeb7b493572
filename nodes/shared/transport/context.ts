import type {
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

export type FaxPlusContext =
	IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions | IPollFunctions;

export const credentialTypeOf = (context: FaxPlusContext) =>
	context.getNode().parameters.authentication === 'oAuth2' ? 'faxPlusOAuth2Api' : 'faxPlusApi';
