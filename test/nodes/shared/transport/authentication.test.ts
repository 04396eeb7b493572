// Every node leads with the access token, as README does (OAuth2 needs Fax.Plus's Enterprise plan):
// a new node's Authentication, and so the credential n8n's "Create new credential" opens and the
// kind a node without saved credentials asks for.
import { NodeHelpers, type INodeTypeDescription } from 'n8n-workflow';
import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';
import { FaxPlusTrigger } from '../../../../nodes/FaxPlusTrigger/FaxPlusTrigger.node';
import { FaxPlusPollTrigger } from '../../../../nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node';

const nodes: Array<[string, INodeTypeDescription]> = [
	['Fax.Plus', new FaxPlus().description],
	['Fax.Plus Trigger', new FaxPlusTrigger().description],
	['Fax.Plus Polling Trigger', new FaxPlusPollTrigger().description],
];

describe('a new node signs in with the access token', () => {
	it.each(nodes)(
		'%s: Authentication starts at Access Token, listed first',
		(_name, description) => {
			const authentication = description.properties.find((p) => p.name === 'authentication')!;
			expect(authentication.default).toBe('accessToken');
			expect((authentication.options as Array<{ value: string }>)[0].value).toBe('accessToken');
		},
	);

	it.each(nodes)(
		"%s: with n8n's defaults, the API credential shown is the token's, never OAuth2's",
		(_name, description) => {
			// The parameters n8n gives a new node, and the credentials it then shows.
			const parameters = NodeHelpers.getNodeParameters(
				description.properties,
				{},
				true,
				false,
				null,
				description,
			)!;
			const shown = (description.credentials ?? []).filter((credential) =>
				Object.entries(credential.displayOptions?.show ?? {}).every(([name, values]) =>
					(values as unknown[]).includes(parameters[name]),
				),
			);
			const api = shown
				.map((credential) => credential.name)
				.filter((name) => name !== 'faxPlusWebhookSecretApi');
			expect(api).toEqual(['faxPlusApi']);
		},
	);
});
