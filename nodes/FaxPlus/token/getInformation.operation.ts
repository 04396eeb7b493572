import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { getItem } from '../shared/recordItems';
import { TOKEN_TIMES } from '../shared/items';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get Information',
	value: 'getInformation',
	action: 'Get information about the access token',
	description:
		'Read the kind and scopes of the token the credential uses, and for a personal access token its name and dates',
};

export const toolDescription =
	"Get information on the Fax.Plus token in use: its user and scopes. Needs nothing. Returns the token's details (never the token itself).";

const properties: INodeProperties[] = [];

const displayOptions = { show: { resource: ['token'], operation: ['getInformation'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await getItem(this, '/auth/token', itemIndex, TOKEN_TIMES);
}
