import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { updateFieldsCollection, nonEmptyUpdate } from '../shared/updateFields';
import { answerOr } from '../shared/recordItems';
import { booleanValue } from '../shared/values';
import { apiGet, apiRequest } from '../shared/requests';
import { faxIdField, faxOfItem, FAX_UNTRUSTED } from './shared/fields';
import type { FaxRecord } from './shared/sentFaxes';
import { keepingMarker, refuseMarker } from '../shared/idempotencyKeyMarker';
import { operationError } from '../../shared/transport/nodeErrors';
import { updateDisplayOptions } from '../shared/display';

interface FaxModification {
	is_read?: boolean;
	comment?: string;
}

export const option = {
	name: 'Update',
	value: 'update',
	action: 'Update a fax',
	description: 'Mark a fax as read or unread, or change its comment',
};

export const agentRisk = { kind: 'changes' } as const;
export const untrusted = FAX_UNTRUSTED;

export const toolDescription =
	'Mark a fax as read or unread, or change its comment. Needs the fax ID (the "id" from the fax list) and what to change; what is not changed keeps its value. Returns the fax ID, its comment and whether it is read.';

const properties: INodeProperties[] = [
	...userIdFields(),
	faxIdField('ID of the fax to change'),
	updateFieldsCollection([
		{
			displayName: 'Comment',
			name: 'comment',
			type: 'string',
			default: '',
			description: "Comment of the fax; empty clears it (an Idempotency Key's marker stays)",
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

const displayOptions = { show: { resource: ['fax'], operation: ['update'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const { userId, faxId, path } = faxOfItem(this, itemIndex);
	const body = await withCurrentValues(this, itemIndex, path, changes(this, itemIndex));
	const answer = await apiRequest<FaxRecord | undefined>(this, {
		method: 'PUT',
		path,
		body,
		itemIndex,
	});
	// Fax.Plus may answer 204: the item then says what was changed.
	return answerOr(answer, { updated: true, faxId, userId, ...body });
}

/** The SDK requires both fields: the one not set keeps the fax's current value, read first. */
async function withCurrentValues(
	context: IExecuteFunctions,
	itemIndex: number,
	path: string,
	body: FaxModification,
): Promise<Required<FaxModification>> {
	// Read also when both are set: a Send's Idempotency Key marker at the comment's end stays.
	const fax = await apiGet<FaxRecord | undefined>(context, path, itemIndex);
	const comment =
		body.comment === undefined ? fax?.comment : keepingMarker(fax?.comment, body.comment);
	const isRead = body.is_read ?? fax?.is_read;
	if (typeof comment !== 'string' || typeof isRead !== 'boolean') {
		const missing = typeof comment !== 'string' ? 'Comment' : 'Is Read';
		throw operationError(context, {
			itemIndex,
			message: `Fax.Plus did not answer the fax's current ${missing}, so it cannot be kept`,
			description: `Fax.Plus's SDK requires Comment and Is Read together; nothing was changed. Add both under "Update Fields".`,
		});
	}
	return { comment, is_read: isRead };
}

function changes(context: IExecuteFunctions, itemIndex: number): FaxModification {
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: FaxModification = {};
	if (fields.isRead !== undefined)
		body.is_read = booleanValue(context, itemIndex, fields.isRead, 'Is Read');
	if (fields.comment !== undefined) {
		body.comment = String(fields.comment ?? '');
		refuseMarker(context, itemIndex, 'Comment', body.comment);
	}
	return nonEmptyUpdate(context, itemIndex, body, 'Comment or Is Read');
}
