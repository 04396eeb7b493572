// The trigger's parameters. Names and values are part of the package's public contract.
import type { INodeProperties } from 'n8n-workflow';
import { DEFAULT_MAX_ENTRIES } from '../shared/triggers/settings';
import { authenticationProperty } from '../shared/transport/authentication';
import { faxEventOptions } from '../shared/api/events';
import { triggerParameters } from '../shared/triggers/properties';

/** Shown by n8n when the workflow is published: the one step n8n cannot do for the user. */
export const activationMessage =
	"Fax.Plus now sends this workflow's fax events to the trigger's Production URL. Copy the endpoint's signing secret (whsec_…) from Fax.Plus → Integrations → Webhooks into the trigger's signing secret credential and save it: until then deliveries are refused with 401.";

export const triggerProperties: INodeProperties[] = [
	authenticationProperty,
	{
		// After `authentication`, so the secret's slot is above this notice in every n8n.
		displayName: `Once the workflow is published, copy the signing secret (whsec_…) of the endpoint with this node's Production URL from <a href="https://app.fax.plus/" target="_blank">Fax.Plus</a> → Integrations → Webhooks into the credential above and save it. Until then deliveries are refused; a Fax.Plus Polling Trigger in the workflow brings those faxes.`,
		name: 'secretNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Verify Deliveries With',
		name: 'incomingAuthentication',
		type: 'options',
		options: [{ name: 'Signing Secret', value: 'signingSecret' }],
		default: 'signingSecret',
		description: 'Each delivery must carry a valid signature made with the secret above, else 401',
	},
	...triggerParameters(
		{
			options: faxEventOptions,
			description: 'The fax events that start the workflow; at least one',
		},
		[
			{
				displayName: 'Duplicate Check Max Entries',
				name: 'deduplicationMaxEntries',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_MAX_ENTRIES,
				description:
					"How many deliveries the duplicate check remembers, the oldest forgotten first; Fax.Plus advises a few days' worth",
			},
		],
	),
];
