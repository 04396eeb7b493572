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
			// The credential test passes while the secret is empty (n8n says only "tested successfully").
			displayName:
				"No signing secret yet: save this credential empty, publish the trigger's workflow, then paste the endpoint's whsec_… here from Fax.Plus → Integrations → Webhooks (the demo: the local server's page). Until then deliveries are refused with 401.",
			name: 'nextStepNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { secret: [''] } },
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
