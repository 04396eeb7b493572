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
