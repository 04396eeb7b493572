import type { INodeProperties } from 'n8n-workflow';
import { FOR_MEMBER, resourceLocator, SELF_NAME } from './locators';

/** Words of a description linked to a page of the package's docs/, which says more. */
export const docsLink = (page: string, words: string) =>
	`<a href="https://github.com/n8n-nodes-faxplus/n8n-nodes-faxplus/blob/main/docs/${page}" target="_blank">${words}</a>`;

/** The `user_id` path parameter: `self` unless "For a Corporate Member" is on. */
export function userIdFields(
	userDescription = 'The corporate member whose data to use: their user ID (not a name or e-mail address)',
): INodeProperties[] {
	return [
		{
			displayName: 'For a Corporate Member',
			name: FOR_MEMBER,
			type: 'boolean',
			default: false,
			description: "Whether to use a corporate member's data, not your own (corporate admins only)",
		},
		resourceLocator({
			displayName: 'User',
			name: 'userId',
			description: userDescription,
			displayOptions: { show: { [FOR_MEMBER]: [true] } },
			searchListMethod: 'searchUsers',
			listPlaceholder: 'Select a user...',
			idPlaceholder: 'e.g. 7724157c0974440293e45877c57f0703',
			defaultValue: 'self',
			defaultName: SELF_NAME,
		}),
	];
}

export function memberLocator(description: string): INodeProperties {
	return resourceLocator({
		displayName: 'Member',
		name: 'memberUserId',
		description,
		searchListMethod: 'searchMembers',
		listPlaceholder: 'Select a member...',
		idPlaceholder: 'e.g. 7724157c0974440293e45877c57f0703',
	});
}

/** A collection's name and its add button: where a user finds its fields. */
export interface CollectionPlace {
	displayName: string;
	placeholder: string;
}

/** A field of a collection as a hint names it, with where it is: "Max Pages (Options → Add Option → Max Pages)". */
export const fieldWithPlace = (collection: CollectionPlace, field: string) =>
	`${field} (${collection.displayName} → ${collection.placeholder} → ${field})`;

/** Every operation's "Update Fields". */
export const UPDATE_FIELDS: CollectionPlace = {
	displayName: 'Update Fields',
	placeholder: 'Add Field',
};

/** An operation's "Update Fields": only the fields the user adds are sent. */
export function updateFieldsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: UPDATE_FIELDS.displayName,
		name: 'updateFields',
		type: 'collection',
		placeholder: UPDATE_FIELDS.placeholder,
		default: {},
		description: 'What to change (at least one field); the fields not added stay as they are',
		options,
	};
}
