// Shapes of the current webhook API's requests and answers. The endpoint record and
// the create/update input live in endpoints.ts (shared with the trigger).
export type { WebhookEndpoint, WebhookEndpointInput } from '../../api/webhookEndpoints';

/** The item Delete outputs: the API answers with an empty body. */
export interface WebhookEndpointDeleted {
	deleted: true;
	endpointId: string;
}

/** The item Update outputs when the endpoint cannot be read back after the change. */
export interface WebhookEndpointUpdated {
	updated: true;
	endpointId: string;
}

/** The item Create outputs when the new endpoint cannot be read back (the API answers 201 with no body). */
export interface WebhookEndpointCreated {
	created: true;
	url: string;
	filter_types: string[];
	channels: string[] | null;
}
