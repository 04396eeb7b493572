// A run that a trigger's webhook() or poll() starts runs its execute() (the duplicate check) before
// passing anything on; n8n's Engine 2.0 does not, and there both triggers refuse (README.md).
import type { IHookFunctions, IPollFunctions, IWebhookFunctions } from 'n8n-workflow';

/** Whether n8n would pass this workflow's items on without the trigger's execute(). */
export function skipsDuplicateCheck(
	context: IHookFunctions | IPollFunctions | IWebhookFunctions,
): boolean {
	// Not on every context nor release (README.md).
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
