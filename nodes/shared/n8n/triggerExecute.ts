// What both triggers rely on of n8n where n8n-workflow's types and n8n's docs promise nothing: the
// run a webhook() or poll() starts runs the node's execute() with those items before anything is
// passed on, and that execute() is the duplicate check (triggers/recordOnce.ts). WorkflowExecute's
// runNode calls execute() when the type has one, and passes a trigger's items through only when it
// has none; webhook-helpers (a delivery) and the poll's emit put the node with its items on the
// execution stack. Read on n8n 1.82.3, 1.100.1, 1.123.81, 2.0.3, 2.20.12 and 2.41.1 (the poll's path
// on 1.123.81, 2.0.3 and 2.41.1); the same on each. Elsewhere: 2.41.1's Engine 2.0 (workflow setting
// engineType 'v2', module engine-v2) takes a trigger's items as its output and never runs
// execute(): there both triggers refuse to activate, the webhook trigger answers each delivery 500
// and each poll fails, listing nothing: never passed on unchecked.
import type { IHookFunctions, IPollFunctions, IWebhookFunctions } from 'n8n-workflow';

/** Whether n8n would pass this workflow's items on without the trigger's execute(). */
export function skipsDuplicateCheck(
	context: IHookFunctions | IPollFunctions | IWebhookFunctions,
): boolean {
	// Not on every context: n8n 1.100.1 and 2.0.3 have no getWorkflowSettings (nor Engine 2.0).
	return context.getWorkflowSettings?.().engineType === 'v2';
}

/** What to do where n8n would skip the duplicate check. */
export const SKIPPED_CHECK_TODO =
	"Switch the workflow's engine back to n8n's default in its settings, and publish it again";

/** The refusal where n8n would skip the duplicate check of `trigger`, which would pass `what` on. */
export function skippedCheckRefusal(trigger: string, what: string) {
	return {
		message: `The ${trigger} cannot run on n8n's Engine 2.0`,
		description: `Engine 2.0 passes ${what} on without the trigger's duplicate check. ${SKIPPED_CHECK_TODO}.`,
	};
}
