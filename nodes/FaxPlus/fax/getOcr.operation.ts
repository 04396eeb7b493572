import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { userIdField } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { faxPlusApiRequest } from '../../api/transport';
import { aiJobPath, statusOf } from './aiJobs';
import { aiStatusMessage } from './aiStatus';
import { faxIdField } from './fields';
import type { OcrAnswer, OcrResult } from './types';

export const option: INodePropertyOptions = {
	name: 'Get OCR',
	value: 'getOcr',
	action: 'Get the OCR text of a fax',
	description: 'Read the text Fax AI recognised in a fax (in "data", as plain text), with its status explained',
};

export const description: INodeProperties[] = [
	userIdField('fax', 'getOcr'),
	faxIdField('getOcr', 'ID of the fax whose OCR result to read'),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const faxId = requiredString(this, 'faxId', 'Fax ID', itemIndex);
	const answer = await faxPlusApiRequest<OcrAnswer | undefined>(this, {
		method: 'GET',
		path: aiJobPath('ocr', userId, faxId),
		itemIndex,
	});
	const status = statusOf(answer);
	const result: OcrResult = { faxId, status, finished: status === 'finished', message: aiStatusMessage('ocr', status) };
	// Fax.Plus answers the recognised text as a plain string.
	if (status === 'finished') result.data = typeof answer?.data === 'string' ? answer.data : '';
	return toItems(result);
}
