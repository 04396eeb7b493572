// Shapes of the Accounts API's requests and answers, as the spec gives them.

/** Body of PUT /accounts/self/member-details/{member_user_id}; only the fields being changed. */
export interface MemberDetail {
	quota?: number;
	role?: string;
}

/** An account of GET /accounts (beyond the published v3.5 spec): a member of the corporate account. */
export type AccountRecord = Record<string, unknown> & { uid?: string };

/** Body of PUT /accounts/{user_id} (the SDK's PayloadAccountModification), changes only. */
export interface AccountModification {
	name?: string;
	lastname?: string;
	email?: string;
	phone?: string;
	settings?: {
		caller_id_name?: string;
		should_enhance?: boolean;
		send_fax?: { retry: { count?: number; delay?: number } };
	};
}
