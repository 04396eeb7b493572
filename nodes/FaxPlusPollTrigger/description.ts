// The polling trigger's parameters (n8n adds "Poll Times" itself). Names and values are
// part of the package's public contract; the options shared with the Fax.Plus Trigger are its own.
import type { INodeProperties } from 'n8n-workflow';
import { authenticationProperty } from '../api/authentication';
import { faxEventOptions } from '../api/events';
import {
	binaryPropertyNameOption,
	customDataNumbersOption,
	documentFormatOption,
	downloadDocumentOption,
	numbersFilterProperty,
	pairingNotice,
	statusesOption,
	triggerOnDisplayName,
} from '../triggers/properties';
import { DEFAULT_OVERLAP_MINUTES } from './cursor';
import { POLL_EVENTS } from './poll';

export const pollTriggerProperties: INodeProperties[] = [
	authenticationProperty,
	{
		displayName: triggerOnDisplayName,
		name: 'events',
		type: 'multiOptions',
		options: faxEventOptions.filter((option) =>
			(POLL_EVENTS as readonly unknown[]).includes(option.value),
		),
		default: [],
		required: true,
		description:
			'Which new faxes start the workflow: received ones (the inbox), sent ones, or both',
	},
	numbersFilterProperty,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			documentFormatOption,
			downloadDocumentOption,
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
			statusesOption,
			binaryPropertyNameOption,
			customDataNumbersOption,
		],
	},
	pairingNotice,
];
