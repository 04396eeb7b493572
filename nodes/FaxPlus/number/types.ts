// Shapes of the numbers API's answers (beyond the published v3.5 spec; from Fax.Plus's public SDK documentation).

/** A fax number of the account (GET /accounts/{user_id}/numbers), e.g. `number`, `status`, `assigned_to`. */
export type FaxNumber = Record<string, unknown> & { number?: string };
