// Shapes of the outbox API's answers used by the node.

/** The item Delete outputs (the API answers 204 without a body). */
export interface OutboxFaxDeleted {
	deleted: true;
	outboxFaxId: string;
	userId: string;
}
