// The trigger's lifecycle in n8n's log (info): what it registers, keeps and deletes at Fax.Plus,
// and (warn) what it could not do and how to fix it. URLs are logged without userinfo, query
// or fragment.
import { errorText, logInfo, logWarning, urlForLog, type LogContext } from '../logging/log';

interface Registered {
	events: readonly string[];
	channels: readonly string[];
}

const subscriptionText = ({ events, channels }: Registered) =>
	`events ${events.join(', ')}; numbers ${channels.length > 0 ? channels.join(', ') : 'all'}`;

export function logEndpointRegistered(
	context: LogContext,
	id: string,
	url: string,
	subscription: Registered,
	adopted: boolean,
): void {
	logInfo(
		context,
		adopted
			? `kept webhook endpoint ${id} at Fax.Plus, registered earlier for ${urlForLog(url)}, with its signing secret (${subscriptionText(subscription)})`
			: `registered webhook endpoint ${id} at Fax.Plus for ${urlForLog(url)} (${subscriptionText(subscription)}). Its signing secret is in Fax.Plus → Integrations → Webhooks`,
		{ event: adopted ? 'endpoint_adopted' : 'endpoint_registered', endpointId: id },
	);
}

export function logDeleted(context: LogContext, id: string, why: string): void {
	logInfo(context, `deleted webhook endpoint ${id} at Fax.Plus (${why})`, {
		event: 'endpoint_deleted',
		id,
	});
}

/** Activation failed: n8n shows the error in the editor; the log says it too, with the fix. */
export function logActivationFailed(context: LogContext, error: unknown): void {
	logWarning(
		context,
		`the trigger could not be activated, so no delivery reaches this workflow: ${errorText(error)}`,
		{ event: 'activation_failed' },
	);
}

/** Deactivation could not delete the endpoint: what is left at Fax.Plus, and how to remove it. */
export function logDeletionFailed(context: LogContext, error: unknown, left?: string): void {
	const what = left
		? `Left at Fax.Plus: webhook endpoint ${left}, still delivering to this workflow's URL (n8n answers those deliveries 404 while the workflow is inactive). Delete it in Fax.Plus → Integrations → Webhooks, or with the Fax.Plus node (Webhook → Delete), or publish and unpublish the workflow again`
		: 'What the trigger registered may still be at Fax.Plus: check Fax.Plus → Integrations → Webhooks';
	logWarning(
		context,
		`could not delete the trigger's registration at Fax.Plus: ${errorText(error)}. ${what}`,
		{ event: 'deletion_failed', ...(left ? { left } : {}) },
	);
}
