import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { showFor, userIdField } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { faxPlusApiRequest, segment } from '../transport';
import type { FieldExtractionFinished, FieldExtractionNotFinished, FieldExtractionResult } from './types';

export const description: INodeProperties[] = [
	userIdField('fax', 'getFieldExtraction'),
	{
		displayName: 'Fax ID',
		name: 'faxId',
		type: 'string',
		default: '',
		required: true,
		description: 'ID of the fax whose AI field extraction to read',
		displayOptions: showFor('fax', 'getFieldExtraction'),
	},
];

/** Status values that mean the extraction is still on its way (the spec names only `finished`). */
const IN_PROGRESS = new Set(['pending', 'queued', 'processing', 'in_progress', 'running', 'started']);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const faxId = requiredString(this, 'faxId', 'Fax ID', itemIndex);
	const result = await faxPlusApiRequest<FieldExtractionResult | undefined>(this, {
		method: 'GET',
		path: `/accounts/${segment(userId)}/faxes/${segment(faxId)}/ai/field-extraction`,
		itemIndex,
	});
	const status = typeof result?.status === 'string' && result.status !== '' ? result.status : 'unknown';
	if (status === 'finished') {
		const finished: FieldExtractionFinished = { faxId, status, finished: true, data: result?.data ?? {} };
		return toItems(finished);
	}
	const notFinished: FieldExtractionNotFinished = { faxId, status, finished: false, message: notFinishedMessage(status) };
	return toItems(notFinished);
}

function notFinishedMessage(status: string): string {
	if (IN_PROGRESS.has(status.toLowerCase())) {
		return `Extraction is not finished yet (status: ${status}); try again later`;
	}
	return `Extraction is not finished (status: ${status}), so there is no data; only the status "finished" carries extracted fields`;
}
