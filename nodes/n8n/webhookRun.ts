// What the trigger relies on of n8n where n8n-workflow's types and n8n's docs promise nothing.
// Read in n8n's code on n8n 1.82.3, 1.100.1, 1.123.81, 2.0.3, 2.20.12 and 2.41.1; the same on each:
// - A run of a webhook node whose type has execute() runs execute() with the webhook's items as its
//   input before anything is passed on (webhook-helpers puts the node with the webhook's
//   workflowData on the execution stack; WorkflowExecute.runNode calls `execute` when the type has
//   one, and passes a webhook node's items through only when it has none). The duplicate check is
//   that execute(). Elsewhere: 2.41.1's Engine 2.0 (workflow setting engineType 'v2', module
//   engine-v2) stores the webhook's items as the trigger's output and never runs execute(), so
//   there the trigger refuses to activate and answers each delivery 500: never passed on unchecked.
// - responseData '' makes n8n answer an 'onReceived' webhook with the node's webhookResponse,
//   once the run exists (n8n 2.x; 1.x answers before the run: docs/guarantees.md); the typed
//   value 'noData' would answer the same moment with an empty body.
import type { IHookFunctions, IWebhookDescription, IWebhookFunctions } from 'n8n-workflow';

export const deliveryWebhook: IWebhookDescription = {
	name: 'default',
	httpMethod: 'POST',
	responseMode: 'onReceived',
	responseData: '',
	path: 'webhook',
};

/** Whether n8n would pass this workflow's deliveries on without the trigger's execute(). */
export function skipsDuplicateCheck(context: IHookFunctions | IWebhookFunctions): boolean {
	// Not on every context: n8n 1.100.1 and 2.0.3 have no getWorkflowSettings (nor Engine 2.0).
	return context.getWorkflowSettings?.().engineType === 'v2';
}

/** What to do where n8n would skip the duplicate check. */
export const SKIPPED_CHECK_TODO =
	"Switch the workflow's engine back to n8n's default in its settings, and publish it again";
