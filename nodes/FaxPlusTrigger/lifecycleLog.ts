// The trigger's lifecycle in n8n's log (info): what it registers, keeps and deletes at Fax.Plus,
// and (warn) what it could not do and how to fix it. URLs are logged without userinfo, query
// or fragment (a legacy hook's token is in its query).
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

export function logExistingEndpoint(context: LogContext, id: string, url: string): void {
	logInfo(
		context,
		`delivers through your webhook endpoint ${id} for ${urlForLog(url)} (Options → Existing Endpoint ID); the trigger never changes or deletes it`,
		{ event: 'endpoint_existing', endpointId: id },
	);
}

export function logLegacyHookRegistered(
	context: LogContext,
	id: string,
	event: string,
	url: string,
): void {
	logInfo(context, `registered legacy hook ${id} for ${event} at Fax.Plus for ${urlForLog(url)}`, {
		event: 'hook_registered',
		hookId: id,
	});
}

export function logDeleted(
	context: LogContext,
	api: 'webhooks' | 'hooks',
	id: string,
	why: string,
): void {
	logInfo(
		context,
		`deleted ${api === 'webhooks' ? 'webhook endpoint' : 'legacy hook'} ${id} at Fax.Plus (${why})`,
		{ event: api === 'webhooks' ? 'endpoint_deleted' : 'hook_deleted', id },
	);
}

/** Activation failed: n8n shows the error in the editor; the log says it too, with the fix. */
export function logActivationFailed(context: LogContext, error: unknown): void {
	logWarning(
		context,
		`the trigger could not be activated, so no delivery reaches this workflow: ${errorText(error)}`,
		{ event: 'activation_failed' },
	);
}

/** Deactivation could not delete everything: what is left at Fax.Plus, and how to remove it. */
export function logDeletionFailed(
	context: LogContext,
	error: unknown,
	left: { api: string; ids: readonly string[] } | undefined,
): void {
	const what =
		left && left.ids.length > 0
			? `Left at Fax.Plus: ${left.api === 'hooks' ? 'legacy hook' : 'webhook endpoint'} ${left.ids.join(', ')}, still delivering to this workflow's URL (n8n answers those deliveries 404 while the workflow is inactive). Delete ${left.ids.length > 1 ? 'them' : 'it'} in Fax.Plus → Integrations → Webhooks, or with the Fax.Plus node (${left.api === 'hooks' ? 'Legacy Hook' : 'Webhook'} → Delete), or publish and unpublish the workflow again`
			: 'What the trigger registered may still be at Fax.Plus: check Fax.Plus → Integrations → Webhooks';
	logWarning(
		context,
		`could not delete the trigger's registration at Fax.Plus: ${errorText(error)}. ${what}`,
		{
			event: 'deletion_failed',
			...(left ? { left: left.ids.join(',') } : {}),
		},
	);
}
