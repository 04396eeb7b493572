import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import type { TokenInformation } from './types';

export const option: INodePropertyOptions = {
	name: 'Get Information',
	value: 'getInformation',
	action: 'Get information about the access token',
	description:
		'Read the kind and scopes of the token the credential uses, and for a personal access token its name and dates',
};

/** What an AI agent reads about this operation as a tool. */
export const toolDescription =
	"Get information on the Fax.Plus token in use: its user and scopes. Needs nothing. Returns the token's details (never the token itself).";

export const description: INodeProperties[] = [];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const information = await faxPlusApiRequest<TokenInformation>(this, {
		method: 'GET',
		path: '/auth/token',
		itemIndex,
	});
	return toItems(information);
}
