import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { showFor, userIdField } from '../shared/descriptions';
import { answerOr, requiredString } from '../shared/items';
import { faxPlusApiRequest, segment } from '../../api/transport';
import { outboxFaxIdField } from './fields';
import type { OutboxFax, OutboxFaxModification, OutboxFaxUpdated } from './types';

export const option: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update a scheduled fax',
	description: 'Change the comment of a fax that is still scheduled for sending',
};

/** What an AI agent reads about this operation as a tool. */
export const toolDescription =
	'Change the comment of a fax still in the Fax.Plus outbox. Needs the outbox ID and the new comment. Returns the outbox ID and the comment.';

export const description: INodeProperties[] = [
	userIdField('outbox', 'update'),
	outboxFaxIdField('update', 'ID of the outgoing fax to change; it must still be scheduled'),
	{
		// Fax.Plus's PayloadOutboxModification has the comment only: no new send time or retries.
		displayName: 'Comment',
		name: 'comment',
		type: 'string',
		default: '',
		description:
			'New comment of the fax; empty clears it. Fax.Plus lets only the comment of an outgoing fax change.',
		displayOptions: showFor('outbox', 'update'),
	},
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const outboxFaxId = requiredString(this, 'outboxFaxId', 'Outbox Fax ID', itemIndex);
	const body: OutboxFaxModification = {
		comment: String(this.getNodeParameter('comment', itemIndex, '') ?? ''),
	};
	const answer = await faxPlusApiRequest<OutboxFax | undefined>(this, {
		method: 'PUT',
		path: `/accounts/${segment(userId)}/outbox/${segment(outboxFaxId)}`,
		body: { ...body },
		itemIndex,
	});
	const updated: OutboxFaxUpdated = { updated: true, outboxFaxId, userId, ...body };
	return answerOr(answer, updated);
}
