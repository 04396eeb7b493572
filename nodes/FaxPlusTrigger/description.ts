// The trigger's parameters. Names and values are part of the package's public contract.
import type { INodeProperties } from 'n8n-workflow';
import { DEFAULT_MAX_ENTRIES } from '../triggers/settings';
import { authenticationProperty } from '../api/authentication';
import { faxEventOptions } from '../api/events';
import { triggerParameters } from '../triggers/properties';

/** Shown by n8n when the workflow is published: the one step n8n cannot do for the user. */
export const activationMessage =
	"Fax.Plus now sends this workflow's fax events to the trigger's Production URL. Copy the endpoint's signing secret (whsec_…) from Fax.Plus → Integrations → Webhooks into the trigger's signing secret credential and save it: until then deliveries are refused with 401, and those Fax.Plus stops retrying are lost unless a Fax.Plus Polling Trigger is in the workflow.";

export const triggerProperties: INodeProperties[] = [
	authenticationProperty,
	{
		// After `authentication`, so the secret's slot is above this notice in every n8n.
		displayName: `Once the workflow is published (activated), copy the signing secret (whsec_…) of its endpoint, the one whose URL is this node's Production URL, from <a href="https://app.fax.plus/" target="_blank">Fax.Plus</a> → Integrations → Webhooks into the signing secret credential above, and save the credential; no need to publish again. Until then deliveries are refused with 401; Fax.Plus retries each for a while, then gives up on it, so add a Fax.Plus Polling Trigger to the workflow to bring those faxes too.`,
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
					"How many deliveries the duplicate check remembers at most, one entry each (about 27 bytes) in this node's own record in n8n's processed-data store, which n8n writes whole on every delivery; the oldest are forgotten first. Fax.Plus advises a few days: three times the deliveries a day or more.",
			},
		],
	),
];
