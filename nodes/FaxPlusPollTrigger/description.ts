// The polling trigger's own parameters (shared ones: triggers/properties.ts).
import type { INodeProperties } from 'n8n-workflow';
import { authenticationProperty } from '../shared/transport/authentication';
import { faxEventOptions } from '../shared/api/events';
import { triggerParameters } from '../shared/triggers/properties';
import { DEFAULT_OVERLAP_MINUTES } from './cursor';
import { POLL_EVENTS } from './poll';

export const pollTriggerProperties: INodeProperties[] = [
	authenticationProperty,
	...triggerParameters(
		{
			options: faxEventOptions.filter((option) =>
				(POLL_EVENTS as readonly unknown[]).includes(option.value),
			),
			description: 'Which new faxes start the workflow: received (the inbox), sent, or both',
		},
		[
			{
				displayName: 'Late Fax Window (Minutes)',
				name: 'overlapMinutes',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_OVERLAP_MINUTES,
				description:
					'How far back each poll looks again, for a fax Fax.Plus lists late (a long one); it still starts the workflow once',
			},
			{
				displayName: 'Look Again After (Minutes)',
				name: 'lookAgainMinutes',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description:
					'Minutes after which each fax is passed on again if no run did, in case n8n dropped a run before it began; 0: off',
			},
		],
	),
];
