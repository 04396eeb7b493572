// The parameters the Fax AI operations share: Wait for Result and its pace, and (on Get OCR /
// Get Field Extraction) whether to request a job nobody has requested.
import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../shared/descriptions';
import type { AgentRisk } from '../../shared/types';
import { withToolDefault } from '../../shared/output';
import {
	AI_FLOOR_SECONDS,
	DEFAULT_MAX_RESULT_CHECKS,
	DEFAULT_RESULT_CHECK_INTERVAL_SECONDS,
	TOOL_MAX_RESULT_CHECKS,
} from './aiJobs';
import { aiJobName, type AiJob } from './aiStatus';

/** Wait for Result (on by default as a tool, and where `waitByDefault`), its check interval and limit. */
export function waitForResultProperties(
	operation: string,
	what: string,
	waitByDefault = false,
): INodeProperties[] {
	const whenWaiting = {
		show: { resource: ['fax'], operation: [operation], waitForResult: [true] },
	};
	const waitForResult: INodeProperties = {
		displayName: 'Wait for Result',
		name: 'waitForResult',
		type: 'boolean',
		default: false,
		description: `Whether to wait until Fax AI has finished (and output ${what}), failed or refused the fax, checking at the interval below up to Max Checks; a job still running then is output with status "pending" and what to do next`,
		displayOptions: showFor('fax', operation),
	};
	return [
		...withToolDefault({ ...waitForResult, default: waitByDefault }, true),
		{
			displayName: 'Check Interval (Seconds)',
			name: 'resultCheckInterval',
			type: 'number',
			typeOptions: { minValue: AI_FLOOR_SECONDS },
			default: DEFAULT_RESULT_CHECK_INTERVAL_SECONDS,
			description: `Seconds between two checks of the job; at least ${AI_FLOOR_SECONDS}, so Fax.Plus is not asked too often`,
			displayOptions: whenWaiting,
		},
		...withToolDefault(
			{
				displayName: 'Max Checks',
				name: 'maxResultChecks',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_MAX_RESULT_CHECKS,
				description:
					'Checks before giving up waiting (the first one included); the job goes on at Fax.Plus and is not requested again',
				displayOptions: whenWaiting,
			},
			TOOL_MAX_RESULT_CHECKS,
		),
	];
}

/**
 * Get OCR / Get Field Extraction: request the job when nobody has (off by default, also as a
 * tool: requesting spends AI credits, which an agent may do only when allowed, see agentAccess.ts).
 */
export function requestIfMissingProperty(job: AiJob, operation: string): INodeProperties[] {
	const { name, request } = aiJobName(job);
	return [
		{
			displayName: `Request ${name === 'OCR' ? 'OCR' : 'Extraction'} If Not Requested Yet`,
			name: 'requestIfMissing',
			type: 'boolean',
			default: false,
			description: `Whether to ask Fax AI for it when nobody has yet (uses AI credits; as a tool, also turn on "Let an AI Agent Run This"); otherwise the answer says to run ${request} first. A job already finished or running is never requested again.`,
			displayOptions: showFor('fax', operation),
		},
	];
}

/** Get OCR / Get Field Extraction: with Request If Not Requested Yet on (the tool's default), a call can spend AI credits. */
export const spendsWhenRequesting: AgentRisk = {
	kind: 'spends',
	when: (context, itemIndex) =>
		context.getNodeParameter('requestIfMissing', itemIndex, false) === true,
	whenText: 'when "Request … If Not Requested Yet" is on',
};
