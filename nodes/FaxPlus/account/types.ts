// Shapes of the Accounts API's requests and answers, as the spec gives them.

/** Answer of GET /accounts/{user_id}/plan. */
export interface AccountPlan {
	plan_type: 'free' | 'basic' | 'premium' | 'business' | 'enterprise' | 'unknown';
	/** Admin permissions (manage_plan or manage_hierarchy); meaningful for Business and Enterprise. */
	is_admin: boolean;
	/** Owner permissions (assign_admin, manage_plan or manage_hierarchy). */
	is_owner: boolean;
}

/** Body of PUT /accounts/self/member-details/{member_user_id}; only the fields being changed. */
export interface MemberDetail {
	/** Faxing quota of the corporate member. */
	quota?: number;
	/** Role of the corporate member. */
	role?: string;
}

/** The answer of the member update: not given by the spec; may be empty or describe the member. */
export type MemberDetailResponse = (MemberDetail & Record<string, unknown>) | undefined;

/** The item the Update Member operation outputs when the API answers with an empty body. */
export interface MemberUpdated {
	updated: true;
	memberUserId: string;
	quota?: number;
	role?: string;
}

/** An account of GET /accounts (beyond the published v3.5 spec): a member of the corporate account. */
export type AccountRecord = Record<string, unknown> & { uid?: string };

/** Answer of GET /accounts (admins only): the SDK's AccountList. */
export interface AccountList {
	members: AccountRecord[];
}

/**
 * Body of PUT /accounts/{user_id}: the SDK's PayloadAccountModification (faxplus-js
 * models/payload-account-modification.ts), the fields this node sets; only those being changed.
 */
export interface AccountModification {
	name?: string;
	lastname?: string;
	email?: string;
	phone?: string;
	/** The SDK's AccountSettings. */
	settings?: {
		caller_id_name?: string;
		should_enhance?: boolean;
		send_fax?: { retry: { count?: number; delay?: number } };
	};
}

/** The item Update outputs when the API answers without a body. */
export type AccountUpdated = AccountModification & { updated: true; userId: string };
