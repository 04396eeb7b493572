import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { userIdField } from '../shared/descriptions';
import { requiredString } from '../shared/items';
import { faxIdField } from './shared/fields';
import { requestAiJob } from './shared/aiJobs';

export const option: INodePropertyOptions = {
	name: 'Request OCR',
	value: 'requestOcr',
	action: 'Request OCR for a fax',
	description: 'Ask Fax AI to recognise the text of a fax; read it later with Get OCR',
};

/** What an AI agent reads about this operation as a tool. */
export const toolDescription =
	'Ask Fax.Plus\'s Fax AI to recognise the text of a fax (uses AI credits). Needs the fax ID (the "id" from the fax list). Returns the job\'s status and what to do next: read the text later with Get OCR.';

export const description: INodeProperties[] = [
	userIdField('fax', 'requestOcr'),
	faxIdField('requestOcr', 'ID of the fax whose text Fax AI should recognise'),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const faxId = requiredString(this, 'faxId', 'Fax ID', itemIndex);
	return await requestAiJob(this, itemIndex, { job: 'ocr', userId, faxId });
}
