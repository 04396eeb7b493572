import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { updateFieldsCollection, userIdField } from '../shared/descriptions';
import { answerOr, requiredString } from '../shared/items';
import { faxPlusApiRequest, segment } from '../../api/transport';
import { faxIdField } from './shared/fields';
import type { FaxModification, FaxRecord, FaxUpdated } from './shared/types';

export const option: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update a fax',
	description: 'Mark a fax as read or unread, or change its comment',
};

/** What an AI agent reads about this operation as a tool. */
export const toolDescription =
	'Mark a fax as read or unread, or change its comment. Needs the fax ID (the "id" from the fax list) and what to change. Returns the fax ID and the changes made.';

export const description: INodeProperties[] = [
	userIdField('fax', 'update'),
	faxIdField('update', 'ID of the fax to change'),
	updateFieldsCollection('fax', 'update', [
		{
			displayName: 'Comment',
			name: 'comment',
			type: 'string',
			default: '',
			description: 'Comment of the fax (an empty value clears it)',
		},
		{
			displayName: 'Is Read',
			name: 'isRead',
			type: 'boolean',
			default: true,
			description: 'Whether the fax is marked as read',
		},
	]),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const faxId = requiredString(this, 'faxId', 'Fax ID', itemIndex);
	const body = changes(this, itemIndex);
	const answer = await faxPlusApiRequest<FaxRecord | undefined>(this, {
		method: 'PUT',
		path: `/accounts/${segment(userId)}/faxes/${segment(faxId)}`,
		body: { ...body },
		itemIndex,
	});
	const updated: FaxUpdated = { updated: true, faxId, userId, ...body };
	return answerOr(answer, updated);
}

/** The fields the user added, checked; refuses an empty update before any request. */
function changes(context: IExecuteFunctions, itemIndex: number): FaxModification {
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: FaxModification = {};
	if (fields.isRead !== undefined) {
		if (typeof fields.isRead !== 'boolean') {
			throw new NodeOperationError(
				context.getNode(),
				`Is Read must be true or false, not "${String(fields.isRead)}"`,
				{
					itemIndex,
				},
			);
		}
		body.is_read = fields.isRead;
	}
	if (fields.comment !== undefined) body.comment = String(fields.comment ?? '');
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(
			context.getNode(),
			'Nothing to update: add Comment or Is Read under "Update Fields"',
			{
				itemIndex,
				description: 'Fax.Plus changes only the fields that are sent; add at least one of them.',
			},
		);
	}
	return body;
}
