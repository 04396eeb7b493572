import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

// Used only to verify deliveries: Fax.Plus never returns the secret through the API.
export class FaxPlusWebhookSecretApi implements ICredentialType {
	name = 'faxPlusWebhookSecretApi';

	displayName = 'Fax.Plus Webhook Signing Secret API';

	icon: Icon = { light: 'file:../icons/faxplus.svg', dark: 'file:../icons/faxplus.dark.svg' };

	documentationUrl = 'https://apidoc.fax.plus/';

	restrictToSupportedNodes = true as const;

	properties: INodeProperties[] = [
		{
			// Always shown: a notice that hides once the secret is filled leaves n8n's dialog asking
			// "Close without saving?" after saving. The test passes while the secret is empty.
			displayName:
				"Save this credential empty until the trigger's workflow is published (its test passes), then paste the endpoint's whsec_… from Fax.Plus → Integrations → Webhooks (the demo: the local server's page). Until then deliveries are refused with 401.",
			name: 'nextStepNotice',
			type: 'notice',
			default: '',
		},

		{
			displayName: 'Signing Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'e.g. whsec_...',
			description:
				"The webhook endpoint's signing secret, from Fax.Plus → Integrations → Webhooks; it exists once the trigger's workflow is published (save this credential empty until then)",
		},
	];
}
