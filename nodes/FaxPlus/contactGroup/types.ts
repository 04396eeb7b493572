// Shapes of the contact group API's requests and answers, as the spec gives them.

/** Body of POST /accounts/self/contact-groups/share. */
export interface ContactGroupShareRequest {
	group_ids: string[];
	member_ids: string[];
}

/** Share and delete answer with an empty JSON object. */
export type EmptyAnswer = Record<string, never> | undefined;

/** The item Share outputs. */
export interface ContactGroupsShared {
	shared: true;
	groupIds: string[];
	memberIds: string[];
}

/** The item Delete outputs. */
export interface ContactGroupDeleted {
	deleted: true;
	groupId: string;
}
