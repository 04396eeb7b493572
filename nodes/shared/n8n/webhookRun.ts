// responseData '' answers an 'onReceived' webhook with the node's webhookResponse once n8n holds
// the run (README.md); what the run does first: triggerExecute.ts.
import type { IWebhookDescription } from 'n8n-workflow';

export const deliveryWebhook: IWebhookDescription = {
	name: 'default',
	httpMethod: 'POST',
	responseMode: 'onReceived',
	responseData: '',
	path: 'webhook',
};
