import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { userIdFields } from '../shared/descriptions';
import { userIdOf, toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import { faxNumberField, faxNumberOf } from './fields';
import type { FaxNumber } from './types';

export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a fax number',
	description: 'Get one fax number: its status, who it is assigned to, when it expires',
};

export const description: INodeProperties[] = [
	...userIdFields('number', 'get'),
	faxNumberField('get', 'The fax number to get'),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const userId = userIdOf(this, itemIndex);
	const number = faxNumberOf(this, itemIndex);
	const answer = await faxPlusApiRequest<FaxNumber>(this, {
		method: 'GET',
		path: `/accounts/${encodeURIComponent(userId)}/numbers/${encodeURIComponent(number)}`,
		itemIndex,
	});
	return toItems(answer ?? { number });
}
