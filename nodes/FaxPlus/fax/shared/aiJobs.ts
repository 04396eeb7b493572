// Fax AI jobs of one fax: read first, request only what nobody has (credits are spent once).
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { apiRequest } from '../../shared/requests';
import { userIdFields } from '../../shared/parameters';
import { toItems } from '../../shared/items';
import { withToolDefault } from '../../shared/asTool';
import type { UntrustedField } from '../../shared/output';
import type { AgentRisk } from '../../shared/display';
import { wholeNumber } from '../../shared/values';
import { faxIdField, faxOfItem } from './fields';
import { operationError } from '../../../shared/transport/nodeErrors';

export type AiJob = 'ocr' | 'fieldExtraction';

/** Each job's name, path, operations and result, as its messages and parameters say them. */
const JOBS = {
	ocr: {
		name: 'OCR',
		path: 'ocr',
		get: 'Get OCR',
		request: 'Request OCR',
		result: 'the recognised text',
		resultIn: 'the recognised text is in',
	},
	fieldExtraction: {
		name: 'Field extraction',
		path: 'field-extraction',
		get: 'Get Field Extraction',
		request: 'Request Field Extraction',
		result: 'the extracted fields',
		resultIn: 'the extracted fields are in',
	},
} as const;

/** Fax.Plus watches tight polling: checks are at least this far apart. */
const AI_FLOOR_SECONDS = 5;
const DEFAULT_RESULT_CHECK_INTERVAL_SECONDS = 10;
const DEFAULT_MAX_RESULT_CHECKS = 30;
/** As a tool an agent waits for its answer: about 40 s at most by default. */
const TOOL_MAX_RESULT_CHECKS = 5;

/** Answer of a fax's Fax AI endpoints (GET, POST, PATCH); `data` is null until `finished`. */
export interface AiJobAnswer {
	status?: string;
	data?: unknown;
}

/** `request`: when nobody has or it failed; `ifNotRequested`: when nobody has; `never`: read. */
type Requesting = 'request' | 'ifNotRequested' | 'never';

type WaitSettings = NonNullable<ReturnType<typeof waitSettings>>;

/** One job as last seen: `requested` by this run (credits spent), or `reused` (someone had). */
interface AiJobState {
	job: AiJob;
	status: string;
	data?: unknown;
	requested: boolean;
	reused: boolean;
}

interface FollowedJobs {
	jobs: AiJobState[];
	couldRequest: boolean;
	wait?: WaitSettings;
	checks: number;
}

function statusOf(answer: AiJobAnswer | undefined, fallback = 'unknown'): string {
	return typeof answer?.status === 'string' && answer.status !== '' ? answer.status : fallback;
}

export const aiJobPath = (faxPath: string, job: AiJob) => `${faxPath}/ai/${JOBS[job].path}`;

/** Reads each job, requests those that need it, and with `wait` checks the pending ones again. */
export async function followAiJobs(
	context: IExecuteFunctions,
	itemIndex: number,
	faxPath: string,
	jobs: AiJob[],
	requesting: Requesting,
	wait: WaitSettings | undefined,
): Promise<FollowedJobs> {
	const call = async (method: 'GET' | 'POST', job: AiJob) =>
		await apiRequest<AiJobAnswer | undefined>(context, {
			method,
			path: aiJobPath(faxPath, job),
			itemIndex,
		});
	const states = await Promise.all(
		jobs.map(async (job): Promise<AiJobState> => {
			let answer = await call('GET', job);
			const found = statusOf(answer);
			const requested =
				found === 'not_requested'
					? requesting !== 'never'
					: requesting === 'request' && found === 'failed';
			// An answer without a status means the request was accepted: the job is on its way.
			if (requested) answer = await call('POST', job);
			const status = statusOf(answer, requested ? 'pending' : 'unknown');
			const reused = !requested && found !== 'not_requested';
			return { job, status, data: answer?.data, requested, reused };
		}),
	);
	const pending = () => states.filter((state) => state.status === 'pending');
	const signal = context.getExecutionCancelSignal?.();
	let checks = 1;
	while (wait && checks < wait.maxChecks && !signal?.aborted && pending().length > 0) {
		await sleep(wait.intervalMs);
		checks++;
		await Promise.all(
			pending().map(async (state) => {
				const read = await call('GET', state.job);
				state.status = statusOf(read);
				state.data = read?.data;
			}),
		);
	}
	return { jobs: states, couldRequest: requesting !== 'never', wait, checks };
}

export function finishedData(job: AiJob, data: unknown): string | Record<string, unknown> {
	if (job === 'ocr') return typeof data === 'string' ? data : '';
	return typeof data === 'object' && data !== null && !Array.isArray(data)
		? (data as Record<string, unknown>)
		: {};
}

/** What an AI job status means, in plain words, and what to do next; `field` is the output field holding the result. */
function statusMessage(job: AiJob, status: string, field = 'data'): string {
	const { name, get, request, result, resultIn } = JOBS[job];
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

export function jobMessage(state: AiJobState, followed: FollowedJobs, field = 'data'): string {
	const { name, get, result } = JOBS[state.job];
	const parts: string[] = [];
	const reused = followed.couldRequest && state.reused;
	if (state.requested) parts.push(`${name} was requested now (uses AI credits).`);
	else if (reused && state.status === 'finished')
		parts.push(`${name} had already been done for this fax, so it was read, not requested again.`);
	else if (reused && state.status === 'pending')
		parts.push(`${name} had already been requested for this fax, so it was not requested again.`);
	if (state.status === 'pending' && followed.wait) {
		const seconds = Math.round(((followed.checks - 1) * followed.wait.intervalMs) / 1000);
		parts.push(
			`${name} is still in progress after ${followed.checks} checks (about ${seconds} s); run "${get}" with Wait for Result later to read ${result}: it is not requested again`,
		);
	} else parts.push(statusMessage(state.job, state.status, field));
	return parts.join(' ');
}

export function fieldExtractionResult(faxId: string, answer: AiJobAnswer | undefined) {
	const status = statusOf(answer);
	const finished = status === 'finished';
	return {
		faxId,
		status,
		finished,
		message: statusMessage('fieldExtraction', status),
		...(finished && { data: finishedData('fieldExtraction', answer?.data) }),
	};
}

/** Wait for Result's settings of an item; undefined when it is off. Checked before any request. */
export function waitSettings(
	context: IExecuteFunctions,
	itemIndex: number,
	waitByDefault: boolean,
) {
	if (context.getNodeParameter('waitForResult', itemIndex, waitByDefault) !== true)
		return undefined;
	const interval = context.getNodeParameter(
		'resultCheckInterval',
		itemIndex,
		DEFAULT_RESULT_CHECK_INTERVAL_SECONDS,
	);
	const seconds = Number(interval);
	if (interval === '' || !Number.isFinite(seconds) || seconds < AI_FLOOR_SECONDS) {
		throw operationError(context, {
			itemIndex,
			message: `Check Interval (Seconds) must be at least ${AI_FLOOR_SECONDS}, not "${String(interval)}"`,
			description: 'Fax.Plus is not to be asked more often.',
		});
	}
	return {
		intervalMs: seconds * 1000,
		maxChecks: wholeNumber(
			context,
			itemIndex,
			context.getNodeParameter('maxResultChecks', itemIndex, DEFAULT_MAX_RESULT_CHECKS),
			'Max Checks',
			{ minimum: 1, fallback: DEFAULT_MAX_RESULT_CHECKS },
		),
	};
}

/** Wait for Result (on by default as a tool, and where `waitByDefault`), its check interval and limit. */
export function waitForResultProperties(what: string, waitByDefault: boolean): INodeProperties[] {
	const whenWaiting = { show: { waitForResult: [true] } };
	const waitForResult: INodeProperties = {
		displayName: 'Wait for Result',
		name: 'waitForResult',
		type: 'boolean',
		default: false,
		description: `Whether to wait for Fax AI to end the job and output ${what}; still running after Max Checks, it is output as "pending"`,
	};
	return [
		...withToolDefault({ ...waitForResult, default: waitByDefault }, true),
		{
			displayName: 'Check Interval (Seconds)',
			name: 'resultCheckInterval',
			type: 'number',
			typeOptions: { minValue: AI_FLOOR_SECONDS },
			default: DEFAULT_RESULT_CHECK_INTERVAL_SECONDS,
			description: `Seconds between two checks of the job, at least ${AI_FLOOR_SECONDS}`,
			displayOptions: whenWaiting,
		},
		...withToolDefault(
			{
				displayName: 'Max Checks',
				name: 'maxResultChecks',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_MAX_RESULT_CHECKS,
				description: 'Checks before giving up waiting, the first included (the job itself goes on)',
				displayOptions: whenWaiting,
			},
			TOOL_MAX_RESULT_CHECKS,
		),
	];
}

/** An OCR job's answer: the fax's text, which its sender wrote. */
export const OCR_TEXT: UntrustedField[] = [{ field: 'data', as: 'ocrText' }];
/** A field extraction's answer: values read from the fax. */
export const EXTRACTED_FIELDS: UntrustedField[] = [{ field: 'data', as: 'extractedFields' }];

/** Get OCR / Get Field Extraction: with Request If Not Requested Yet on (the tool's default), a call can spend AI credits. */
export const spendsWhenRequesting: AgentRisk = {
	kind: 'spends',
	when: (context, itemIndex) =>
		context.getNodeParameter('requestIfMissing', itemIndex, false) === true,
	whenText: 'when "Request … If Not Requested Yet" is on',
};

export function aiJobProperties(
	job: AiJob,
	operation: 'get' | 'request',
	faxDescription: string,
): INodeProperties[] {
	const requestIfMissing: INodeProperties = {
		displayName: `Request ${job === 'ocr' ? 'OCR' : 'Extraction'} If Not Requested Yet`,
		name: 'requestIfMissing',
		type: 'boolean',
		default: false,
		description: `Whether to ask Fax AI for it when nobody has yet (uses AI credits once); otherwise the answer says to run ${JOBS[job].request} first`,
	};
	return [
		...userIdFields(),
		faxIdField(faxDescription),
		// Off by default, also as a tool: an agent may spend AI credits only when allowed (shared/display.ts).
		...(operation === 'get' ? [requestIfMissing] : []),
		...waitForResultProperties(JOBS[job].result, false),
	];
}

export async function runAiJob(
	context: IExecuteFunctions,
	itemIndex: number,
	job: AiJob,
	operation: 'get' | 'request',
) {
	const { faxId, path } = faxOfItem(context, itemIndex);
	const requesting: Requesting =
		operation === 'request'
			? 'request'
			: context.getNodeParameter('requestIfMissing', itemIndex, false) === true
				? 'ifNotRequested'
				: 'never';
	const wait = waitSettings(context, itemIndex, false);
	const followed = await followAiJobs(context, itemIndex, path, [job], requesting, wait);
	const [state] = followed.jobs;
	const finished = state.status === 'finished';
	return toItems({
		faxId,
		status: state.status,
		finished,
		requested: state.requested,
		reused: state.reused,
		message: jobMessage(state, followed),
		...(finished && { data: finishedData(job, state.data) }),
		...(wait && { checks: followed.checks }),
	});
}

/** Fields flat as `field_<name>` (a Data Table refuses objects); alike names get `_2`, `_3`, … */
export function flatFields(fields: unknown): Record<string, string | number | boolean | null> {
	const flat: Record<string, string | number | boolean | null> = {};
	if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return flat;
	// Each name's next suffix: many names flattening alike cost one look each, not one per earlier name.
	const nextSuffix = new Map<string, number>();
	for (const [name, value] of Object.entries(fields)) {
		// A stranger's name is cut before the pattern reads it.
		const base = `field_${name.slice(0, 100).replace(/[^A-Za-z0-9_]+/g, '_')}`;
		let key = base;
		let count = nextSuffix.get(base) ?? 2;
		while (Object.hasOwn(flat, key)) key = `${base}_${count++}`;
		nextSuffix.set(base, count);
		flat[key] =
			value === null || value === undefined
				? null
				: typeof value === 'object'
					? JSON.stringify(value)
					: (value as string | number | boolean);
	}
	return flat;
}
