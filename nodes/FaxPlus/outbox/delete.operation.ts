import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { requiredString, userIdOf } from '../shared/values';
import { deleteItem } from '../shared/recordItems';
import { outboxFaxIdField, OUTBOX_UNTRUSTED } from './fields';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a scheduled fax',
	description: 'Delete an outgoing fax that is still scheduled for sending',
};

export const agentRisk = { kind: 'deletes' } as const;
export const untrusted = OUTBOX_UNTRUSTED;

export const toolDescription =
	'Cancel a fax that is still in the Fax.Plus outbox, so it is not sent. Needs the outbox ID that Send answered. Returns the cancelled outbox ID.';

const properties: INodeProperties[] = [
	...userIdFields(),
	outboxFaxIdField('ID of the scheduled fax to delete'),
];

const displayOptions = { show: { resource: ['outbox'], operation: ['delete'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const userId = userIdOf(this, itemIndex);
	const outboxFaxId = requiredString(this, 'outboxFaxId', 'Outbox Fax', itemIndex);
	const path = `/accounts/${encodeURIComponent(userId)}/outbox/${encodeURIComponent(outboxFaxId)}`;
	return await deleteItem(this, path, itemIndex, { outboxFaxId, userId });
}
