import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { userIdField } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { faxPlusApiRequest, segment } from '../../api/transport';
import { outboxFaxIdField } from './fields';
import type { OutboxFax } from './types';

export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get an outgoing fax',
	description: 'Read one outgoing fax that is still in the outbox',
};

export const description: INodeProperties[] = [
	userIdField('outbox', 'get'),
	outboxFaxIdField('get', 'ID of the outgoing fax to read'),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const outboxFaxId = requiredString(this, 'outboxFaxId', 'Outbox Fax ID', itemIndex);
	const fax = await faxPlusApiRequest<OutboxFax>(this, {
		method: 'GET',
		path: `/accounts/${segment(userId)}/outbox/${segment(outboxFaxId)}`,
		itemIndex,
	});
	return toItems(fax ?? {});
}
