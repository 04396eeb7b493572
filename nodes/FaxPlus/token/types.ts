// Shape of GET /auth/token, as the spec gives it.

/** Metadata of the token used for the call; OAuth tokens carry only token_type and scopes. */
export interface TokenInformation {
	token_type: 'pat' | 'oauth';
	scopes: string[];
	/** Personal access tokens only. */
	id?: string;
	name?: string;
	preview?: string;
	/** Timestamps in milliseconds, personal access tokens only. */
	created_date?: number;
	expiration_date?: number;
	last_used?: number;
}
