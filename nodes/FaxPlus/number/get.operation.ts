import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { userIdOf } from '../shared/values';
import { outputProperties, shapedItems } from '../shared/output';
import { apiGet } from '../shared/requests';
import { faxNumberField, faxNumberOf, RAW_ONLY_NUMBER_FIELDS, SIMPLIFIED_NUMBER } from './fields';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get',
	value: 'get',
	action: 'Get a fax number',
	description: 'Get one fax number: its status, who it is assigned to, when it expires',
};

const properties: INodeProperties[] = [
	...userIdFields(),
	faxNumberField('The fax number to get'),
	...outputProperties(SIMPLIFIED_NUMBER, RAW_ONLY_NUMBER_FIELDS),
];

const displayOptions = { show: { resource: ['number'], operation: ['get'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const userId = userIdOf(this, itemIndex);
	const number = faxNumberOf(this, itemIndex);
	const path = `/accounts/${encodeURIComponent(userId)}/numbers/${encodeURIComponent(number)}`;
	const answer = await apiGet<IDataObject | undefined>(this, path, itemIndex);
	return shapedItems(this, itemIndex, [answer ?? { number }], SIMPLIFIED_NUMBER);
}
