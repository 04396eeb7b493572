import type { UntrustedField } from '../shared/output';
// Shapes of the Contacts API (apidoc.fax.plus "List contacts", "Update a contact"; not in the SDK repositories).

/** A contact; the reference shows `name`, `company` and `numbers` (E.164), and an ID in the path. */
export type ContactRecord = Record<string, unknown> & {
	id?: string;
	name?: string;
	company?: string;
	numbers?: string[];
};

/** Query of GET /accounts/{user_id}/contacts: search, offset/limit paging, or specific contacts by ID. */
export type ContactListQuery = { search?: string; offset: number; limit: number; ids?: string };

/** Body of PUT /accounts/{user_id}/contacts/{contact_id}: only the fields being changed. */
export interface ContactModification {
	name?: string;
	company?: string;
	numbers?: string[];
}

/** The fields of a contact that others wrote. */
export const CONTACT_UNTRUSTED: UntrustedField[] = [
	{ field: 'name', as: 'name' },
	{ field: 'company', as: 'company' },
];
