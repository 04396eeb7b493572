// Fax AI jobs of one fax (OCR, field extraction): read first, request only what nobody has
// requested (credits are spent once), and with Wait for Result check again at a steady pace
// until the job has finished, failed or been refused, or the user's limit is reached.
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { toItems } from '../../shared/items';
import { faxOfItem } from './fields';
import { faxPlusApiRequest } from '../../../api/transport';
import { aiJobName, aiStatusMessage, type AiJob } from './aiStatus';
import { wholeNumber } from '../../shared/values';
import type {
	AiJobAnswer,
	AiJobResult,
	FieldExtractionAnswer,
	FieldExtractionResult,
} from './types';

const PATHS: Record<AiJob, string> = { ocr: 'ocr', fieldExtraction: 'field-extraction' };

/** Fax.Plus watches tight polling: checks are at least this far apart. */
export const AI_FLOOR_SECONDS = 5;
export const DEFAULT_RESULT_CHECK_INTERVAL_SECONDS = 10;
export const DEFAULT_MAX_RESULT_CHECKS = 30;
/** As a tool an agent waits for its answer: about 40 s at most by default. */
export const TOOL_MAX_RESULT_CHECKS = 5;

/** The path of a fax's AI job, e.g. `/accounts/self/faxes/fax_1/ai/ocr`. */
export function aiJobPath(job: AiJob, userId: string, faxId: string): string {
	return `/accounts/${encodeURIComponent(userId)}/faxes/${encodeURIComponent(faxId)}/ai/${PATHS[job]}`;
}

/** The status of an answer; `unknown` when it has none. */
export function statusOf(answer: AiJobAnswer | undefined, fallback = 'unknown'): string {
	return typeof answer?.status === 'string' && answer.status !== '' ? answer.status : fallback;
}

/**
 * When to ask Fax AI for a job:
 * - `request` (Request OCR / Field Extraction): when nobody has, or the last job failed;
 * - `ifNotRequested` (Get … with "Request If Not Requested Yet"): only when nobody has;
 * - `never`: only read.
 * A finished job is read and a pending one waited for: never requested again.
 */
export type Requesting = 'request' | 'ifNotRequested' | 'never';

export interface WaitSettings {
	intervalMs: number;
	maxChecks: number;
}

/** One job as last seen. */
export interface AiJobState {
	job: AiJob;
	status: string;
	/** The recognised text (OCR) or the fields (field extraction), once finished. */
	data?: unknown;
	/** This run asked Fax AI for it (credits spent). */
	requested: boolean;
	/** A job someone had already requested was read or waited for instead (no credits spent). */
	reused: boolean;
}

export interface FollowedJobs {
	jobs: AiJobState[];
	requesting: Requesting;
	/** Reads of each job's status, the first included. */
	checks: number;
	/** Whether Wait for Result was on. */
	waited: boolean;
}

const STILL_RUNNING = new Set(['pending']);

function needsRequest(status: string, requesting: Requesting): boolean {
	if (requesting === 'never') return false;
	if (status === 'not_requested') return true;
	return requesting === 'request' && status === 'failed';
}

async function readJob(
	context: IExecuteFunctions,
	itemIndex: number,
	path: string,
): Promise<AiJobAnswer | undefined> {
	return await faxPlusApiRequest<AiJobAnswer | undefined>(context, {
		method: 'GET',
		path,
		itemIndex,
	});
}

/** Reads each job, requests those that need it, and with `wait` checks the pending ones again. */
export async function followAiJobs(
	context: IExecuteFunctions,
	itemIndex: number,
	request: {
		userId: string;
		faxId: string;
		jobs: AiJob[];
		requesting: Requesting;
		wait?: WaitSettings;
	},
): Promise<FollowedJobs> {
	const pathOf = (job: AiJob) => aiJobPath(job, request.userId, request.faxId);
	const jobs = await Promise.all(
		request.jobs.map(async (job): Promise<AiJobState> => {
			const answer = await readJob(context, itemIndex, pathOf(job));
			const status = statusOf(answer);
			if (!needsRequest(status, request.requesting))
				return {
					job,
					status,
					data: answer?.data,
					requested: false,
					reused: status !== 'not_requested',
				};
			const requested = await faxPlusApiRequest<AiJobAnswer | undefined>(context, {
				method: 'POST',
				path: pathOf(job),
				itemIndex,
			});
			// An empty answer means the request was accepted: the job is on its way.
			return {
				job,
				status: statusOf(requested, 'pending'),
				data: requested?.data,
				requested: true,
				reused: false,
			};
		}),
	);
	let checks = 1;
	const wait = request.wait;
	if (wait) {
		const signal = context.getExecutionCancelSignal?.();
		while (
			checks < wait.maxChecks &&
			!signal?.aborted &&
			jobs.some((job) => STILL_RUNNING.has(job.status))
		) {
			await sleep(wait.intervalMs);
			checks++;
			await Promise.all(
				jobs
					.filter((job) => STILL_RUNNING.has(job.status))
					.map(async (job) => {
						const answer = await readJob(context, itemIndex, pathOf(job.job));
						job.status = statusOf(answer);
						job.data = answer?.data;
					}),
			);
		}
	}
	return { jobs, requesting: request.requesting, checks, waited: wait !== undefined };
}

/** The job's data once finished: the text as a string, the fields as an object. */
export function finishedData(job: AiJob, data: unknown): string | Record<string, unknown> {
	if (job === 'ocr') return typeof data === 'string' ? data : '';
	return typeof data === 'object' && data !== null && !Array.isArray(data)
		? (data as Record<string, unknown>)
		: {};
}

/** What happened to one job, in plain words: requested or reused, its status, what to do next. */
export function jobMessage(
	state: AiJobState,
	followed: FollowedJobs,
	intervalMs = 0,
	field = 'data',
): string {
	const { name, get, result } = aiJobName(state.job);
	const parts: string[] = [];
	const couldRequest = followed.requesting !== 'never';
	if (state.requested) parts.push(`${name} was requested now (uses AI credits).`);
	else if (couldRequest && state.reused && state.status === 'finished')
		parts.push(`${name} had already been done for this fax, so it was read, not requested again.`);
	else if (couldRequest && state.reused && state.status === 'pending')
		parts.push(`${name} had already been requested for this fax, so it was not requested again.`);
	if (state.status === 'pending' && followed.waited) {
		const seconds = Math.round(((followed.checks - 1) * intervalMs) / 1000);
		parts.push(
			`${name} is still in progress after ${followed.checks} checks (about ${seconds} s); run "${get}" with Wait for Result later to read ${result}: it is not requested again`,
		);
	} else parts.push(aiStatusMessage(state.job, state.status, field));
	return parts.join(' ');
}

/** The item of one job: status, whether it was requested or reused, what it means, and its data once finished. */
export function jobResult(
	faxId: string,
	state: AiJobState,
	followed: FollowedJobs,
	intervalMs = 0,
): AiJobResult<unknown> {
	const result: AiJobResult<unknown> = {
		faxId,
		status: state.status,
		finished: state.status === 'finished',
		requested: state.requested,
		reused: state.reused,
		message: jobMessage(state, followed, intervalMs),
	};
	if (state.status === 'finished') result.data = finishedData(state.job, state.data);
	if (followed.waited) result.checks = followed.checks;
	return result;
}

/** Wait for Result's settings of an item; undefined when it is off. Checked before any request. */
export function waitSettings(
	context: IExecuteFunctions,
	itemIndex: number,
	waitByDefault: boolean,
): WaitSettings | undefined {
	if (context.getNodeParameter('waitForResult', itemIndex, waitByDefault) !== true)
		return undefined;
	const interval = context.getNodeParameter(
		'resultCheckInterval',
		itemIndex,
		DEFAULT_RESULT_CHECK_INTERVAL_SECONDS,
	);
	const seconds = Number(interval);
	if (interval === '' || !Number.isFinite(seconds) || seconds < AI_FLOOR_SECONDS) {
		throw new NodeOperationError(
			context.getNode(),
			`Check Interval (Seconds) must be at least ${AI_FLOOR_SECONDS}, not "${String(interval)}"`,
			{ itemIndex, description: 'Fax.Plus is not to be asked more often.' },
		);
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

/**
 * The execute of Request/Get OCR and Request/Get Field Extraction: one job of the item's fax,
 * requested by Request (when nobody has, or it failed), by Get only with Request If Not Requested Yet.
 */
export function aiJobOperation(
	job: AiJob,
	operation: 'request' | 'get',
): (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]> {
	return async function (itemIndex) {
		const { userId, faxId } = faxOfItem(this, itemIndex);
		const requesting: Requesting =
			operation === 'request'
				? 'request'
				: this.getNodeParameter('requestIfMissing', itemIndex, false) === true
					? 'ifNotRequested'
					: 'never';
		const wait = waitSettings(this, itemIndex, false);
		const followed = await followAiJobs(this, itemIndex, {
			userId,
			faxId,
			jobs: [job],
			requesting,
			wait,
		});
		return toItems(jobResult(faxId, followed.jobs[0], followed, wait?.intervalMs));
	};
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

/** A column name from a field name: letters, digits and underscores. */
const columnName = (name: string) => `field_${name.replace(/[^A-Za-z0-9_]+/g, '_')}`;

/**
 * The extracted fields flat, one `field_<name>` each, so a table row takes them as they are (a
 * Data Table refuses an object): text, numbers and booleans as they are, lists and objects as JSON.
 */
export function flatFields(fields: unknown): Record<string, string | number | boolean | null> {
	const flat: Record<string, string | number | boolean | null> = {};
	if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return flat;
	for (const [name, value] of Object.entries(fields)) {
		flat[columnName(name)] =
			value === null || value === undefined
				? null
				: typeof value === 'object'
					? JSON.stringify(value)
					: (value as string | number | boolean);
	}
	return flat;
}
