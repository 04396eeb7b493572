import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { dateTimeValue, formatSendTime } from '../shared/dates';
import { updateFieldsCollection, userIdField } from '../shared/descriptions';
import { answerOr, requiredString } from '../shared/items';
import { faxPlusApiRequest, segment } from '../../api/transport';
import { outboxFaxIdField, retryFields, retryOf } from './fields';
import type { OutboxFax, OutboxFaxModification, OutboxFaxUpdated } from './types';

export const option: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update a scheduled fax',
	description: 'Reschedule a scheduled fax, or change its comment or retries',
};

export const description: INodeProperties[] = [
	userIdField('outbox', 'update'),
	outboxFaxIdField('update', 'ID of the outgoing fax to change; it must still be scheduled'),
	updateFieldsCollection('outbox', 'update', [
		{
			displayName: 'Comment',
			name: 'comment',
			type: 'string',
			default: '',
			description: 'New comment of the fax',
		},
		...retryFields,
		{
			displayName: 'Send At',
			name: 'sendTime',
			type: 'dateTime',
			default: '',
			description: 'New date and time to send the fax',
		},
	]),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const outboxFaxId = requiredString(this, 'outboxFaxId', 'Outbox Fax ID', itemIndex);
	const body = changes(this, itemIndex);
	const answer = await faxPlusApiRequest<OutboxFax | undefined>(this, {
		method: 'PUT',
		path: `/accounts/${segment(userId)}/outbox/${segment(outboxFaxId)}`,
		body: { ...body } as IDataObject,
		itemIndex,
	});
	const updated: OutboxFaxUpdated = { updated: true, outboxFaxId, userId, ...body };
	return answerOr(answer, updated);
}

/** The fields the user added, checked; refuses an empty update before any request. */
function changes(context: IExecuteFunctions, itemIndex: number): OutboxFaxModification {
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: OutboxFaxModification = {};
	if (fields.comment !== undefined) body.comment = String(fields.comment ?? '');
	if (fields.sendTime !== undefined) {
		const sendTime = dateTimeValue(context, fields.sendTime, 'Send At', itemIndex);
		if (!sendTime) {
			throw new NodeOperationError(context.getNode(), 'Send At cannot be empty', {
				itemIndex,
				description: 'Pick the new date and time under "Update Fields", or remove the "Send At" field.',
			});
		}
		body.send_time = formatSendTime(sendTime);
	}
	const retry = retryOf(context, itemIndex, fields);
	if (retry) body.retry = retry;
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(
			context.getNode(),
			'Nothing to update: add Comment, Send At, Retry Count or Retry Delay under "Update Fields"',
			{ itemIndex, description: 'Fax.Plus changes only the fields that are sent; add at least one of them.' },
		);
	}
	return body;
}
