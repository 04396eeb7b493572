import {
	Workflow,
	type ICredentialTestFunctions,
	type INode,
	type INodeProperties,
} from 'n8n-workflow';
import { FaxPlus } from '../../../nodes/FaxPlus/FaxPlus.node';
import { FaxPlusTrigger } from '../../../nodes/FaxPlusTrigger/FaxPlusTrigger.node';
import { FaxPlusPollTrigger } from '../../../nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node';
import { FAX_PLUS_TRIGGER_NODE_TYPE } from '../../support/trigger-harness';
import { TestNodeTypes } from '../../support/n8n-harness';

const trigger = new FaxPlusTrigger();
const { description } = trigger;

function property(name: string): INodeProperties {
	const found = description.properties.find((entry) => entry.name === name);
	if (!found) throw new Error(`No parameter ${name}`);
	return found;
}

describe('Fax.Plus Trigger → public contract', () => {
	it('is the faxPlusTrigger node, "Fax.Plus Trigger", with one POST webhook', () => {
		expect(description.name).toBe('faxPlusTrigger');
		expect(description.displayName).toBe('Fax.Plus Trigger');
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description.webhooks).toEqual([
			expect.objectContaining({ name: 'default', httpMethod: 'POST', path: 'webhook' }),
		]);
	});

	it("has the Fax.Plus node's description and says the trigger is inside, as n8n's node panel shows it for the one entry of both", () => {
		// n8n merges faxPlusTrigger into faxPlus (the name without "Trigger") and shows the trigger's text.
		expect(new FaxPlus().description.name).toBe(description.name.replace('Trigger', ''));
		expect(description.description).toContain(new FaxPlus().description.description);
		expect(description.description).toMatch(/trigger starts a workflow when a fax arrives/);
	});

	it("lists each event in n8n's node panel with its own words, brackets kept", () => {
		const options = property('events').options as Array<{ value: string; action?: string }>;
		expect(Object.fromEntries(options.map((option) => [option.value, option.action]))).toEqual({
			fax_received: 'On fax received',
			fax_sent: 'On fax sent',
			fax_page_received: 'On page received (fax streaming)',
		});
	});

	it('authenticates exactly like the action node', () => {
		const action = new FaxPlus().description;
		const actionAuth = action.properties.find((entry) => entry.name === 'authentication');
		expect(property('authentication')).toEqual(actionAuth);
		const triggerApiCredentials = description.credentials!.filter(
			(entry) => entry.name !== 'faxPlusWebhookSecretApi',
		);
		expect(triggerApiCredentials).toEqual(action.credentials);
	});

	it('labels its two credential rows by what each is for (n8n\'s own: "Credential" and "Credential for …")', () => {
		const labels = Object.fromEntries(
			description.credentials!.map((credential) => [credential.name, credential.displayName]),
		);
		expect(labels).toEqual({
			faxPlusApi: 'Fax.Plus Account',
			faxPlusOAuth2Api: 'Fax.Plus Account',
			faxPlusWebhookSecretApi: 'Webhook Signing Secret (Verifies Deliveries)',
		});
	});

	it('has the optional signing secret credential, tested locally, in a slot of its own', () => {
		const secret = description.credentials?.find(
			(credential) => credential.name === 'faxPlusWebhookSecretApi',
		);
		expect(secret?.required).not.toBe(true);
		expect(secret?.testedBy).toBe('faxPlusWebhookSecretTest');
		// n8n's editor treats a credential without displayOptions.show, or one on `authentication`, as
		// an `authentication` choice; n8n's triggers show a credential for incoming requests by a field.
		expect(secret?.displayOptions?.show).toEqual({ incomingAuthentication: ['signingSecret'] });
		expect(property('incomingAuthentication')).toMatchObject({
			type: 'options',
			default: 'signingSecret',
			options: [{ name: 'Signing Secret', value: 'signingSecret' }],
		});
	});

	it('offers the three events; fax_page_received says it needs fax streaming', () => {
		const events = property('events');
		expect(events.type).toBe('multiOptions');
		expect(events.required).toBe(true);
		const options = events.options as Array<{ value: string; description?: string }>;
		expect(options.map((option) => option.value).sort()).toEqual([
			'fax_page_received',
			'fax_received',
			'fax_sent',
		]);
		expect(options.find((option) => option.value === 'fax_page_received')?.description).toMatch(
			/fax streaming/i,
		);
	});

	it('has the numbers filter and the options', () => {
		expect(property('channels')).toMatchObject({ type: 'string', default: '' });
		const options = property('options');
		const names = (options.options as INodeProperties[]).map((option) => [
			option.name,
			option.default,
		]);
		expect(names).toEqual([
			['documentFormat', 'pdf'],
			['downloadDocument', false],
			['deduplicationMaxEntries', 5000],
			['statuses', []],
			['binaryPropertyName', 'data'],
			['saveNumbersInCustomData', false],
		]);
		const download = (options.options as INodeProperties[]).find(
			(option) => option.name === 'downloadDocument',
		)!;
		expect(download.description).toMatch(/Fax Received/);
		expect(download.description).toMatch(/documentError/);
	});

	describe('set-up in the editor', () => {
		/** The canvas subtitle as n8n's editor computes it: the expression evaluated for the node. */
		function subtitleFor(parameters: INode['parameters']): unknown {
			const node: INode = {
				id: 'trigger',
				name: 'Fax.Plus Trigger',
				type: FAX_PLUS_TRIGGER_NODE_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters,
			};
			const workflow = new Workflow({
				nodes: [node],
				connections: {},
				active: false,
				nodeTypes: new TestNodeTypes({ [FAX_PLUS_TRIGGER_NODE_TYPE]: trigger }),
			});
			return workflow.expression.getSimpleParameterValue(
				node,
				description.subtitle!,
				'internal',
				{},
			);
		}

		it("shows the events' display names on the canvas, not their values", () => {
			expect(subtitleFor({ events: ['fax_received', 'fax_sent'] })).toBe('Fax Received, Fax Sent');
			expect(subtitleFor({ events: ['fax_page_received'] })).toBe('Page Received (Fax Streaming)');
			expect(subtitleFor({ events: [] })).toBe('');
		});

		it('reminds the user on publishing to copy the signing secret into the credential', () => {
			expect(description.activationMessage).toMatch(/signing secret/);
			expect(description.activationMessage).toMatch(/Integrations → Webhooks/);
			expect(description.activationMessage).toMatch(/credential/);
		});

		it('shows notices only where they apply: none about Remove Duplicates, which matters only beside another trigger', () => {
			for (const properties of [
				description.properties,
				new FaxPlusPollTrigger().description.properties,
			]) {
				const notices = properties.filter((entry) => entry.type === 'notice');
				expect(notices.filter((notice) => /Remove Duplicates/.test(notice.displayName))).toEqual(
					[],
				);
			}
			// Positive control: the signing-secret notice, which every set-up needs, is there.
			expect(property('secretNotice').type).toBe('notice');
		});

		it("shows the polling trigger's events by their display names on the canvas too", () => {
			expect(new FaxPlusPollTrigger().description.subtitle).toBe(description.subtitle);
		});

		it("links Fax.Plus's web app in the notice and places it below the credential slots", () => {
			const names = description.properties.map((entry) => entry.name);
			// n8n's editor puts the credential slots before the last shown parameter they depend on
			// (`authentication` is hidden): the notice follows that one, so it stands below them.
			const dependencies = trigger.description.credentials!.flatMap((credential) =>
				Object.keys(credential.displayOptions?.show ?? {}),
			);
			const lastDependency = Math.max(...dependencies.map((name) => names.indexOf(name)));
			expect(names.indexOf('secretNotice')).toBe(lastDependency + 1);
			const notice = property('secretNotice');
			expect(notice.type).toBe('notice');
			expect(notice.displayName).toContain(
				'<a href="https://app.fax.plus/" target="_blank">Fax.Plus</a> → Integrations → Webhooks',
			);
			expect(notice.displayName).toMatch(/credential above/);
			// A secret of another trigger's endpoint, which n8n may pre-select, is named as such.
			expect(notice.displayName).toMatch(/^A signing secret belongs to one endpoint/);
			expect(notice.displayName).toMatch(/pre-select another trigger's/);
			expect(notice.displayName).not.toMatch(/below/);
			// The editor test finds the notice by its first 40 characters: plain text, no markup.
			expect(notice.displayName.slice(0, 40)).not.toMatch(/</);
		});
	});

	describe('the options', () => {
		const options = () => property('options').options as INodeProperties[];
		const option = (name: string) => options().find((entry) => entry.name === name)!;

		it.each(['documentFormat', 'binaryPropertyName'])(
			'shows %s only with Download Fax Document',
			(name) => {
				expect(option(name).displayOptions).toEqual({ show: { downloadDocument: [true] } });
			},
		);

		it('shows the other options always', () => {
			const others = options().filter(
				(entry) => !['documentFormat', 'binaryPropertyName'].includes(entry.name),
			);
			expect(others.map((entry) => [entry.name, entry.displayOptions])).toEqual(
				others.map((entry) => [entry.name, undefined]),
			);
		});

		it('describes each option in one or two sentences', () => {
			for (const entry of options()) {
				const sentences = (entry.description ?? '')
					.split(/[.!?](?:\s|$)/)
					.filter((part) => part.trim() !== '');
				expect([entry.name, sentences.length <= 2]).toEqual([entry.name, true]);
			}
		});
	});

	describe('the signing secret credential test', () => {
		const test = trigger.methods.credentialTest.faxPlusWebhookSecretTest;
		const run = async (secret: unknown) =>
			await test.call({} as ICredentialTestFunctions, {
				id: '1',
				name: 'secret',
				type: 'faxPlusWebhookSecretApi',
				data: { secret } as never,
			});

		it.each(['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'])(
			'accepts %s',
			async (secret) => {
				expect(await run(secret)).toEqual({ status: 'OK', message: expect.any(String) });
			},
		);

		it.each(['', undefined])('passes %p: saved empty is a step of the set-up', async (secret) => {
			const result = await run(secret);
			expect(result).toEqual({
				status: 'OK',
				message: expect.stringMatching(/^No signing secret yet/),
			});
		});

		it.each(['whsec_', 'whsec_not base64!', 'secret?'])(
			'refuses %p without repeating it',
			async (secret) => {
				const result = await run(secret);
				expect(result.status).toBe('Error');
				if (secret !== 'whsec_') expect(result.message).not.toContain(secret);
			},
		);
	});
});
