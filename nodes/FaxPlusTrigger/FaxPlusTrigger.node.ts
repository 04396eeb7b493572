// The webhook trigger: webhook() verifies each delivery and answers it (webhook.ts); execute(), which
// n8n runs first in the run, passes each delivery on once and fetches its document (execute.ts).
// n8n's Engine 2.0, which never runs execute(), is refused (nodes/shared/n8n/triggers.ts).
import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { faxPlusWebhookSecretTest } from './credentialTest';
import { deliveryReceiver } from './webhook';
import { eventsSubtitle } from '../shared/api/events';
import { activationMessage, triggerProperties } from './description';
import { lifecycleMethods } from './lifecycle';
import { deliveryWebhook } from '../shared/n8n/triggers';
import { runDeliveries } from './execute';
import { PANEL_DESCRIPTION } from '../shared/n8n/editor';

export class FaxPlusTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fax.Plus Trigger',
		name: 'faxPlusTrigger',
		icon: { light: 'file:../../icons/faxplus.svg', dark: 'file:../../icons/faxplus.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: eventsSubtitle,
		// n8n's node panel shows one entry for both nodes, with the trigger's words: they name both.
		description: PANEL_DESCRIPTION,
		defaults: { name: 'Fax.Plus Trigger' },
		activationMessage,
		builderHint: {
			searchHint:
				'Pick this for "when a fax arrives" (event fax_received) or "when a fax is sent" (fax_sent) ' +
				'when Fax.Plus can reach n8n at a public HTTPS URL: on activation it registers a Fax.Plus webhook, ' +
				'verifies each signed delivery and starts one run per fax, seconds after the event. Without ' +
				'a public URL (n8n on a laptop or behind a firewall) use the Fax.Plus Polling Trigger instead. ' +
				'To act on the fax (download it, reply, send one) add the Fax.Plus node.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-faxplus.faxPlusPollTrigger',
					relationHint: 'The same events without a public URL, checked on a schedule',
				},
				{
					nodeType: 'n8n-nodes-faxplus.faxPlus',
					relationHint: 'Downloads, sends and manages faxes in the workflow this trigger starts',
				},
			],
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// signInCredentials spelled out: n8n's lint reads testedBy only in a literal list of literals
		// (credential-test-required); description.test.ts holds the two lists equal.
		credentials: [
			{
				name: 'faxPlusApi',
				displayName: 'Fax.Plus Account',
				required: true,
				displayOptions: { show: { authentication: ['accessToken'] } },
			},
			{
				name: 'faxPlusOAuth2Api',
				displayName: 'Fax.Plus Account',
				required: true,
				displayOptions: { show: { authentication: ['oAuth2'] } },
			},
			{
				// Not required (it exists once the endpoint does); a field shows it, as in n8n's triggers.
				name: 'faxPlusWebhookSecretApi',
				// The row's label, beside the account's: what this one is for.
				displayName: 'Webhook Signing Secret (Verifies Deliveries)',
				displayOptions: { show: { incomingAuthentication: ['signingSecret'] } },
				testedBy: 'faxPlusWebhookSecretTest',
			},
		],
		webhooks: [deliveryWebhook],
		properties: triggerProperties,
	};

	methods = { credentialTest: { faxPlusWebhookSecretTest } };

	webhookMethods = { default: lifecycleMethods() };

	webhook = deliveryReceiver();

	execute = runDeliveries;
}
