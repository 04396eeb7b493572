import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { getItem } from '../shared/recordItems';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get Credits',
	value: 'getCredits',
	action: 'Get the AI credits',
	description: 'Read the AI credits left, their use per feature and the next reload',
};

export const toolDescription =
	'Get the Fax AI credits left (for OCR and field extraction). Needs nothing. Returns the credits remaining and used.';

const properties: INodeProperties[] = [];

const displayOptions = { show: { resource: ['ai'], operation: ['getCredits'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await getItem(this, '/accounts/self/ai/credits', itemIndex);
}
