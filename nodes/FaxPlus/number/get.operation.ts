import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { userIdOf } from '../shared/values';
import { toItems } from '../shared/items';
import { apiRequest } from '../shared/requests';
import { faxNumberField, faxNumberOf } from './fields';
import { toolFields, updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get',
	value: 'get',
	action: 'Get a fax number',
	description: 'Get one fax number: its status, who it is assigned to, when it expires',
};

const properties: INodeProperties[] = [
	...toolFields(option),
	...userIdFields(),
	faxNumberField('The fax number to get'),
];

const displayOptions = { show: { resource: ['number'], operation: ['get'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const userId = userIdOf(this, itemIndex);
	const number = faxNumberOf(this, itemIndex);
	const answer = await apiRequest<object | undefined>(this, {
		method: 'GET',
		path: `/accounts/${encodeURIComponent(userId)}/numbers/${encodeURIComponent(number)}`,
		itemIndex,
	});
	return toItems(answer ?? { number });
}
