import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { toItems } from '../../shared/items';
import { faxPlusApiRequest, segment } from '../../../api/transport';
import { aiStatusMessage, type AiJob } from './aiStatus';
import type {
	AiJobAnswer,
	AiJobRequested,
	FieldExtractionAnswer,
	FieldExtractionResult,
} from './types';

const PATHS: Record<AiJob, string> = { ocr: 'ocr', fieldExtraction: 'field-extraction' };

/** The path of a fax's AI job, e.g. `/accounts/self/faxes/fax_1/ai/ocr`. */
export function aiJobPath(job: AiJob, userId: string, faxId: string): string {
	return `/accounts/${segment(userId)}/faxes/${segment(faxId)}/ai/${PATHS[job]}`;
}

/** The status of an answer; `unknown` when it has none. */
export function statusOf(answer: AiJobAnswer | undefined, fallback = 'unknown'): string {
	return typeof answer?.status === 'string' && answer.status !== '' ? answer.status : fallback;
}

/** Asks Fax AI to process a fax (POST) and says what happens next. */
export async function requestAiJob(
	context: IExecuteFunctions,
	itemIndex: number,
	request: { job: AiJob; userId: string; faxId: string },
): Promise<INodeExecutionData[]> {
	const answer = await faxPlusApiRequest<AiJobAnswer | undefined>(context, {
		method: 'POST',
		path: aiJobPath(request.job, request.userId, request.faxId),
		itemIndex,
	});
	// An empty answer means the request was accepted: the job is on its way.
	const status = statusOf(answer, 'pending');
	const requested: AiJobRequested = {
		faxId: request.faxId,
		requested: true,
		status,
		message: aiStatusMessage(request.job, status),
	};
	return toItems(requested);
}

/** The item of a field extraction answer: status, what it means, and the fields once finished. */
export function fieldExtractionResult(
	faxId: string,
	answer: FieldExtractionAnswer | undefined,
): FieldExtractionResult {
	const status = statusOf(answer);
	const result: FieldExtractionResult = {
		faxId,
		status,
		finished: status === 'finished',
		message: aiStatusMessage('fieldExtraction', status),
	};
	if (status === 'finished') result.data = answer?.data ?? {};
	return result;
}
