import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { userIdField } from '../shared/descriptions';
import { requiredString } from '../shared/items';
import { faxIdField } from './fields';
import { requestAiJob } from './aiJobs';

export const description: INodeProperties[] = [
	userIdField('fax', 'requestOcr'),
	faxIdField('requestOcr', 'ID of the fax whose text Fax AI should recognise'),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const faxId = requiredString(this, 'faxId', 'Fax ID', itemIndex);
	return await requestAiJob(this, itemIndex, { job: 'ocr', userId, faxId });
}
