import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';

export const option: INodePropertyOptions = {
	name: 'Get Credits',
	value: 'getCredits',
	action: 'Get the AI credits',
	description: 'Read the AI credits left, their use per feature and the next reload',
};

/** What an AI agent reads about this operation as a tool. */
export const toolDescription =
	'Get the Fax AI credits left (for OCR and field extraction). Needs nothing. Returns the credits remaining and used.';

export const description: INodeProperties[] = [];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const credits = await faxPlusApiRequest<IDataObject>(this, {
		method: 'GET',
		path: '/accounts/self/ai/credits',
		itemIndex,
	});
	return toItems(credits);
}
