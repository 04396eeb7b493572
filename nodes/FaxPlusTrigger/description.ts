// The trigger's parameters. Names and values are part of the package's public contract.
import type { INodeProperties } from 'n8n-workflow';
import { DEFAULT_MAX_ENTRIES } from '../shared/triggers/settings';
import { authenticationProperty } from '../shared/transport/authentication';
import { faxEventOptions } from '../shared/api/events';
import { triggerParameters } from '../shared/triggers/properties';

/** Shown by n8n when the workflow is published: the one step n8n cannot do for the user. */
export const activationMessage =
	"Fax.Plus now sends this workflow's fax events to the trigger's Production URL. Copy the endpoint's signing secret (whsec_…) from Fax.Plus → Integrations → Webhooks into this trigger's own signing secret credential and save it: until then deliveries are refused with 401.";

export const triggerProperties: INodeProperties[] = [
	authenticationProperty,
	{
		displayName: 'Verify Deliveries With',
		name: 'incomingAuthentication',
		type: 'options',
		options: [{ name: 'Signing Secret', value: 'signingSecret' }],
		default: 'signingSecret',
		description: 'Each delivery must carry a valid signature made with the secret above, else 401',
	},
	{
		// After the last parameter the credentials depend on: n8n's editor puts their slots before
		// that one (`authentication` itself is hidden), so this notice stands below them.
		displayName:
			`A signing secret belongs to one endpoint: once published, copy the whsec_… of the endpoint ` +
			`with this node's Production URL from <a href="https://app.fax.plus/" target="_blank">Fax.Plus</a> ` +
			`→ Integrations → Webhooks into the credential above, its own (n8n may pre-select another ` +
			`trigger's). A delivery signed with it runs; others get 401, logged.`,
		name: 'secretNotice',
		type: 'notice',
		default: '',
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
