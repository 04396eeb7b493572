// Shapes of the numbers API's answers (beyond the published v3.5 spec; from Fax.Plus's public SDK documentation).

/** A fax number of the account (GET /accounts/{user_id}/numbers), e.g. `number`, `status`, `assigned_to`. */
export type FaxNumber = Record<string, unknown> & { number?: string };

/** Answer of GET /accounts/{user_id}/numbers: the SDK's NumberList. */
export interface NumberList {
	numbers: FaxNumber[];
}

/** Body of PUT /accounts/{user_id}/numbers/{number}: the SDK's PayloadNumberModification. */
export interface NumberModification {
	/** User ID of the account to assign the number to. */
	assigned_to: string;
}

/** The item Assign outputs (the API answers without a body). */
export interface NumberAssigned {
	assigned: true;
	number: string;
	assignedTo: string;
}

/** The item Revoke outputs (the API answers without a body). */
export interface NumberRevoked {
	revoked: true;
	number: string;
	userId: string;
}
