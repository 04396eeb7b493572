// The polling trigger's own parameters (shared ones: triggers/properties.ts).
import type { INodeProperties } from 'n8n-workflow';
import { authenticationProperty } from '../api/authentication';
import { faxEventOptions } from '../api/events';
import { triggerParameters } from '../triggers/properties';
import { DEFAULT_OVERLAP_MINUTES } from './cursor';
import { POLL_EVENTS } from './poll';

export const pollTriggerProperties: INodeProperties[] = [
	authenticationProperty,
	...triggerParameters(
		{
			options: faxEventOptions.filter((option) =>
				(POLL_EVENTS as readonly unknown[]).includes(option.value),
			),
			description:
				'Which new faxes start the workflow: received ones (the inbox), sent ones, or both',
		},
		[
			{
				displayName: 'Late Fax Window (Minutes)',
				name: 'overlapMinutes',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_OVERLAP_MINUTES,
				description:
					'How far back each poll looks again, so a fax that Fax.Plus lists only after a while (a long fax starts earlier than it is listed) still starts the workflow, once',
			},
			{
				displayName: 'Look Again After (Minutes)',
				name: 'lookAgainMinutes',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description:
					'Emit each fax once more this many minutes later; the run passes it on only if no earlier run did. Catches a fax whose run n8n dropped before it began (in queue mode, a worker that could not reach the database yet). Costs a run with no output item when no new fax comes with it. 0 turns it off.',
			},
		],
	),
];
