/** A fax record (GET /accounts/{user_id}/faxes[/{fax_id}]); the spec does not show its fields. */
export type FaxRecord = Record<string, unknown> & { id?: string };
