// Parameters both triggers show (the webhook one and the polling one).
import type { INodeProperties } from 'n8n-workflow';
import { FAX_STATUSES } from '../api/faxStatuses';
import { customDataNumbersOption } from '../logging/customData';

// One sentence goes without its period, as n8n writes a tooltip.
const FAX_STATUS_OPTIONS = Object.entries(FAX_STATUSES)
	.map(([value, { name, meaning }]) => ({
		name,
		value,
		description: meaning.includes('. ') ? meaning : meaning.replace(/\.$/, ''),
	}))
	.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

// Module-level, so both triggers hold the same option objects around their own.
const OPTIONS_BEFORE: INodeProperties[] = [
	{
		displayName: 'Document Format',
		name: 'documentFormat',
		type: 'options',
		options: [
			{ name: 'PDF', value: 'pdf' },
			{ name: 'TIFF', value: 'tiff' },
		],
		default: 'pdf',
		description: 'File format of the fax document',
		displayOptions: { show: { downloadDocument: [true] } },
	},
	{
		displayName: 'Download Fax Document',
		name: 'downloadDocument',
		type: 'boolean',
		default: false,
		description:
			'Whether to attach the document of a Fax Received or Fax Sent event; a failed download leaves its reason in "documentError"',
	},
];

const OPTIONS_AFTER: INodeProperties[] = [
	{
		displayName: 'Only Fax Statuses',
		name: 'statuses',
		type: 'multiOptions',
		options: FAX_STATUS_OPTIONS,
		default: [],
		description:
			'Start the workflow only for faxes with one of these statuses (Fax Sent comes for failed faxes too); empty: every one',
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		hint: 'The name of the output binary field to put the fax document in',
		displayOptions: { show: { downloadDocument: [true] } },
	},
	customDataNumbersOption,
];

export function triggerParameters(
	events: Pick<INodeProperties, 'options' | 'description'>,
	ownOptions: INodeProperties[],
): INodeProperties[] {
	return [
		{
			displayName: 'Trigger On',
			name: 'events',
			type: 'multiOptions',
			default: [],
			required: true,
			...events,
		},
		{
			displayName: 'Numbers Filter',
			name: 'channels',
			type: 'string',
			default: '',
			placeholder: 'e.g. +15551234567, +4930123456',
			description:
				'Only faxes sent from or to one of these numbers (E.164 with "+", separated by commas). Leave empty for every fax.',
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [...OPTIONS_BEFORE, ...ownOptions, ...OPTIONS_AFTER],
		},
		{
			displayName:
				'Using a Fax.Plus Trigger and a Fax.Plus Polling Trigger together? Connect both to the same next node and each fax goes on once; on separate branches, each trigger passes it on.',
			name: 'pairingNotice',
			type: 'notice',
			default: '',
		},
	];
}
