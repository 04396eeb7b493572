// How n8n answers a delivery where n8n-workflow's types and n8n's docs promise nothing. Read in
// n8n's code on n8n 1.82.3, 1.100.1, 1.123.81, 2.0.3, 2.20.12 and 2.41.1: responseData '' makes
// n8n answer an 'onReceived' webhook with the node's webhookResponse, once the run exists (n8n 2.x;
// 1.x answers before the run: docs/guarantees.md); the typed value 'noData' would answer the same
// moment with an empty body. What the run then does first: triggerExecute.ts.
import type { IWebhookDescription } from 'n8n-workflow';

export const deliveryWebhook: IWebhookDescription = {
	name: 'default',
	httpMethod: 'POST',
	responseMode: 'onReceived',
	responseData: '',
	path: 'webhook',
};
