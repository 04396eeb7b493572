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
	name: 'Request Field Extraction',
	value: 'requestFieldExtraction',
	action: 'Request AI field extraction for a fax',
	description:
		'Ask Fax AI to extract the fields of a fax; read them later with Get Field Extraction',
};

/** What an AI agent reads about this operation as a tool. */
export const toolDescription =
	"Ask Fax.Plus's Fax AI to extract the fields of a fax (uses AI credits). Needs the fax ID. Returns the job's status and what to do next: read the fields later with Get Field Extraction.";

export const description: INodeProperties[] = [
	userIdField('fax', 'requestFieldExtraction'),
	faxIdField('requestFieldExtraction', 'ID of the fax whose fields Fax AI should extract'),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const faxId = requiredString(this, 'faxId', 'Fax ID', itemIndex);
	return await requestAiJob(this, itemIndex, { job: 'fieldExtraction', userId, faxId });
}
