// Shapes of the outbox API's answers used by the node.

/** The item Delete outputs (the API answers 204 without a body). */
export interface OutboxFaxDeleted {
	deleted: true;
	outboxFaxId: string;
	userId: string;
}

// ---- Beyond the published v3.5 spec (shapes from Fax.Plus's public SDK documentation).

/** An outbox fax record (GET /accounts/{user_id}/outbox[/{outbox_fax_id}]); the spec does not show its fields. */
export type OutboxFax = Record<string, unknown> & { id?: string };

/** Answer of GET /accounts/{user_id}/outbox: the SDK's OutboxList. */
export interface OutboxList {
	records: OutboxFax[];
}

/** Body of PUT /accounts/{user_id}/outbox/{outbox_fax_id}: the SDK's PayloadOutboxModification, the comment only. */
export interface OutboxFaxModification {
	comment: string;
}

/** The item Update outputs when the API answers without a body (204). */
export interface OutboxFaxUpdated extends OutboxFaxModification {
	updated: true;
	outboxFaxId: string;
	userId: string;
	/** The comment's tags, kept. */
	tags?: string[];
}
