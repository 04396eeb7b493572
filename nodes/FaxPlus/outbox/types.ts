/**
 * An outbox fax record (GET /accounts/{user_id}/outbox[/{outbox_fax_id}]); the published v3.5
 * spec does not show its fields (Fax.Plus's public SDK documentation names them).
 */
export type OutboxFax = Record<string, unknown> & { id?: string };
