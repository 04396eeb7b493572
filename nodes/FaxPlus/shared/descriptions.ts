import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { resourceLocator, SELF_NAME } from './locators';

/** displayOptions that show a parameter for one resource and some of its operations. */
export function showFor(resource: string, ...operations: string[]): IDisplayOptions {
	return { show: { resource: [resource], operation: operations } };
}

/**
 * The `user_id` path parameter: `self` or a corporate member's ID, picked from a list (the
 * account's members for an admin, only "Me (self)" for a member) or entered by ID.
 */
export function userIdField(resource: string, ...operations: string[]): INodeProperties {
	return resourceLocator({
		displayName: 'User',
		name: 'userId',
		description:
			'Whose data to use: "self" (the account of the credential), or a corporate member\'s user ID (admins only; the "uid" from Account → Get Many Members). Not a name or e-mail address.',
		displayOptions: showFor(resource, ...operations),
		searchListMethod: 'searchUsers',
		listPlaceholder: 'Select a user...',
		idPlaceholder: 'e.g. self or 7724157c0974440293e45877c57f0703',
		defaultValue: 'self',
		defaultName: SELF_NAME,
	});
}

/** An operation's "Update Fields": only the fields the user adds are sent. */
export function updateFieldsCollection(
	resource: string,
	operation: string,
	options: INodeProperties[],
): INodeProperties {
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'What to change; only the fields added here are sent, the others stay as they are. At least one is needed.',
		displayOptions: showFor(resource, operation),
		options,
	};
}
