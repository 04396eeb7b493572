import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { userIdOf } from '../shared/values';
import { getManyItems, returnAllOrLimit } from '../shared/getMany';
import { outputProperties } from '../shared/output';
import { RAW_ONLY_NUMBER_FIELDS, SIMPLIFIED_NUMBER } from './fields';
import { userNumbers } from '../../shared/api/accountLists';
import { updateDisplayOptions } from '../shared/display';
import type { RequestScope } from '../../shared/transport/transport';

export const option = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many fax numbers',
	description:
		'List the fax numbers of the account (admins) or assigned to the user, one item each',
};

export const toolDescription =
	"List the account's Fax.Plus fax numbers. Needs nothing. Returns one record per number (id, number, status, the user ID it is assigned to, acquired and expiration dates in ISO 8601 UTC); a number is what Send uses as From.";

const properties: INodeProperties[] = [
	...userIdFields(),
	...returnAllOrLimit(),
	...outputProperties(SIMPLIFIED_NUMBER, RAW_ONLY_NUMBER_FIELDS),
];

const displayOptions = { show: { resource: ['number'], operation: ['getAll'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const numbers = async (scope: RequestScope) =>
		await userNumbers(this, userIdOf(this, itemIndex), scope);
	return await getManyItems(this, itemIndex, numbers, SIMPLIFIED_NUMBER);
}
