import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { userIdFields } from '../shared/descriptions';
import { userIdOf, toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import type { AccountPlan } from './types';

export const option: INodePropertyOptions = {
	name: 'Get Plan',
	value: 'getPlan',
	action: 'Get the plan of an account',
	description: 'Read the plan type and the admin and owner flags of an account',
};

/** What an AI agent reads about this operation as a tool. */
export const toolDescription =
	'Get the Fax.Plus plan of the account or of a member: pages, limits and features. Needs the user: "self" or a member\'s user ID. Returns the plan\'s fields.';

export const description: INodeProperties[] = [...userIdFields('account', 'getPlan')];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const userId = userIdOf(this, itemIndex);
	const plan = await faxPlusApiRequest<AccountPlan>(this, {
		method: 'GET',
		path: `/accounts/${encodeURIComponent(userId)}/plan`,
		itemIndex,
	});
	return toItems(plan);
}
