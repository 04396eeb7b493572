import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** displayOptions that show a parameter for one resource and some of its operations. */
export function showFor(resource: string, ...operations: string[]): IDisplayOptions {
	return { show: { resource: [resource], operation: operations } };
}

/** The `user_id` path parameter: `self` or a corporate member's id. */
export function userIdField(resource: string, ...operations: string[]): INodeProperties {
	return {
		displayName: 'User ID',
		name: 'userId',
		type: 'string',
		default: 'self',
		required: true,
		description: 'Whose data to use: "self" for the authenticated account, or a corporate member\'s user ID',
		displayOptions: showFor(resource, ...operations),
	};
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
		description: 'What to change; only the fields added here are sent, the others stay as they are. At least one is needed.',
		displayOptions: showFor(resource, operation),
		options,
	};
}
