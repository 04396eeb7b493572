import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { userIdField } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { faxPlusApiRequest, segment } from '../../api/transport';
import { faxIdField } from './fields';
import type { FaxDeleted } from './types';

export const option: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a fax',
	description: 'Delete a fax record',
};

export const description: INodeProperties[] = [
	userIdField('fax', 'delete'),
	faxIdField('delete', 'ID of the fax record to delete'),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const faxId = requiredString(this, 'faxId', 'Fax ID', itemIndex);
	await faxPlusApiRequest<undefined>(this, {
		method: 'DELETE',
		path: `/accounts/${segment(userId)}/faxes/${segment(faxId)}`,
		itemIndex,
	});
	const deleted: FaxDeleted = { deleted: true, faxId, userId };
	return toItems(deleted);
}
