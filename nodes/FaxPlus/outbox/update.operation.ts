import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { dateTimeValue, formatSendTime } from '../shared/dates';
import { showFor, userIdField } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { wholeNumber } from '../shared/values';
import { faxPlusApiRequest, segment } from '../transport';
import { outboxFaxIdField } from './fields';
import type { OutboxFax, OutboxFaxModification, OutboxFaxUpdated } from './types';

export const description: INodeProperties[] = [
	userIdField('outbox', 'update'),
	outboxFaxIdField('update', 'ID of the outgoing fax to change; it must still be scheduled'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'What to change; only the fields added here are sent, at least one is needed',
		displayOptions: showFor('outbox', 'update'),
		options: [
			{
				displayName: 'Comment',
				name: 'comment',
				type: 'string',
				default: '',
				description: 'New comment of the fax',
			},
			{
				displayName: 'Retry Count',
				name: 'retryCount',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'How many times Fax.Plus tries again when sending fails',
			},
			{
				displayName: 'Retry Delay (Seconds)',
				name: 'retryDelay',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Seconds between two tries',
			},
			{
				displayName: 'Send At',
				name: 'sendTime',
				type: 'dateTime',
				default: '',
				description: 'New date and time to send the fax',
			},
		],
	},
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
	if (answer && typeof answer === 'object' && Object.keys(answer).length > 0) return toItems(answer);
	const updated: OutboxFaxUpdated = { updated: true, outboxFaxId, userId, ...body };
	return toItems(updated);
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
	const retry: NonNullable<OutboxFaxModification['retry']> = {};
	if (fields.retryCount !== undefined) retry.count = wholeNumber(context, itemIndex, fields.retryCount, 'Retry Count');
	if (fields.retryDelay !== undefined) {
		retry.delay = wholeNumber(context, itemIndex, fields.retryDelay, 'Retry Delay (Seconds)');
	}
	if (Object.keys(retry).length > 0) body.retry = retry;
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(
			context.getNode(),
			'Nothing to update: add Comment, Send At, Retry Count or Retry Delay under "Update Fields"',
			{ itemIndex, description: 'Fax.Plus changes only the fields that are sent; add at least one of them.' },
		);
	}
	return body;
}
