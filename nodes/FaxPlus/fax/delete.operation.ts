import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { userIdFields } from '../shared/descriptions';
import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import { faxIdField, faxOfItem } from './shared/fields';
import type { AgentRisk } from '../shared/types';

export const option: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a fax',
	description: 'Delete a fax record',
};

export const agentRisk: AgentRisk = { kind: 'deletes' };

/** What an AI agent reads about this operation as a tool. */
export const toolDescription =
	'Delete a fax from Fax.Plus (moves it out of the lists; it cannot be undone through this tool). Needs the fax ID (the "id" from the fax list). Returns the deleted fax\'s ID.';

export const description: INodeProperties[] = [
	...userIdFields('fax', 'delete'),
	faxIdField('delete', 'ID of the fax record to delete'),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const { userId, faxId, path } = faxOfItem(this, itemIndex);
	await faxPlusApiRequest<undefined>(this, { method: 'DELETE', path, itemIndex });
	// Fax.Plus answers 204: the item says what happened.
	return toItems({ deleted: true, faxId, userId });
}
