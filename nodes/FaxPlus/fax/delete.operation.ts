import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { deleteItem } from '../shared/recordItems';
import { faxIdField, faxOfItem, FAX_UNTRUSTED } from './shared/fields';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a fax',
	description: 'Delete a fax record',
};

export const agentRisk = { kind: 'deletes' } as const;
export const untrusted = FAX_UNTRUSTED;

export const toolDescription =
	'Delete a fax from Fax.Plus (moves it out of the lists; it cannot be undone through this tool). Needs the fax ID (the "id" from the fax list). Returns the deleted fax\'s ID.';

const properties: INodeProperties[] = [
	...userIdFields(),
	faxIdField('ID of the fax record to delete'),
];

const displayOptions = { show: { resource: ['fax'], operation: ['delete'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const { userId, faxId, path } = faxOfItem(this, itemIndex);
	return await deleteItem(this, path, itemIndex, { faxId, userId });
}
