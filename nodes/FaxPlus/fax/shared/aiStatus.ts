import type { AiJobStatus } from './types';

export type AiJob = 'ocr' | 'fieldExtraction';

const NAMES: Record<
	AiJob,
	{ name: string; get: string; request: string; result: string; resultIn: string }
> = {
	ocr: {
		name: 'OCR',
		get: 'Get OCR',
		request: 'Request OCR',
		result: 'the recognised text',
		resultIn: 'the recognised text is in',
	},
	fieldExtraction: {
		name: 'Field extraction',
		get: 'Get Field Extraction',
		request: 'Request Field Extraction',
		result: 'the extracted fields',
		resultIn: 'the extracted fields are in',
	},
};

/** The names of a job and its operations, and what its result is. */
export function aiJobName(job: AiJob): {
	name: string;
	get: string;
	request: string;
	result: string;
} {
	const { name, get, request, result } = NAMES[job];
	return { name, get, request, result };
}

/** What an AI job status means, in plain words, and what to do next; `field` is the output field holding the result. */
export function aiStatusMessage(job: AiJob, status: AiJobStatus | string, field = 'data'): string {
	const { name, get, request, result, resultIn } = NAMES[job];
	switch (status) {
		case 'not_requested':
			return `${name} was not requested for this fax, so there is no result; run "${request}" first`;
		case 'pending':
			return `${name} is in progress; run "${get}" again later to read ${result}`;
		case 'finished':
			return `${name} is finished; ${resultIn} "${field}"`;
		case 'failed':
			return `${name} failed for this fax, so there is no result; you can run "${request}" again`;
		case 'content_filtering_policy':
			return `${name} was refused under Fax AI's content filtering policy, so this fax will have no result`;
		default:
			return `${name} has the status "${status}", which this node does not know; there is no result`;
	}
}
