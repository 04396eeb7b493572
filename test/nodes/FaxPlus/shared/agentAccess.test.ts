// As a tool, an operation that spends, deletes or changes something runs only when the
// workflow's author turns on "Let an AI Agent Run This"; reading runs by default. Send spends
// money, so it too needs the switch (its own guards, Allowed Destinations and Max Destinations,
// apply once it is on).
import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';
import { resources } from '../../../../nodes/FaxPlus/resources';
import { apiRequests, runOk, runOperation, useFaxPlusServer } from '../../../support/faxplus';
import { useProcessedDataStore } from '../../../support/processed-data';

/** What an agent may run without the switch: every operation that only reads. */
const AGENT_RUNS_BY_DEFAULT = [
	'account.get',
	'account.getAllMembers',
	'account.getMember',
	'account.getPlan',
	'ai.getAllCustomFields',
	'ai.getCredits',
	'contact.getAll',
	'fax.download',
	'fax.downloadReport',
	'fax.downloadThumbnail',
	'fax.get',
	'fax.getAll',
	'fax.getStatus',
	'legacyHook.getAll',
	'number.get',
	'number.getAll',
	'outbox.get',
	'outbox.getAll',
	'shop.getAllCountries',
	'shop.getBalance',
	'shop.searchNumbers',
	'token.getInformation',
	'webhook.getAll',
];

const deleteFax = { resource: 'fax', operation: 'delete', userId: 'self', faxId: 'fax_4' };
const purchase = { resource: 'shop', operation: 'purchaseNumber', itemId: 'item_US_212_1234567' };
const sendFax = {
	resource: 'fax',
	operation: 'send',
	userId: 'self',
	to: '+15551234567',
	from: '+15551230001',
	documentSource: 'text',
	documentText: 'Please call me back.',
};

describe('which operations an AI agent runs by default', () => {
	it('reading only; every other operation, Send too, needs the switch (Get OCR / Get Field Extraction only when set to request)', () => {
		const byDefault: string[] = [];
		const sometimes: string[] = [];
		for (const [resource, { operations }] of Object.entries(resources))
			for (const [name, operation] of Object.entries(operations)) {
				if (!operation.agentRisk) byDefault.push(`${resource}.${name}`);
				else if (operation.agentRisk.when) sometimes.push(`${resource}.${name}`);
			}
		expect(byDefault.sort()).toEqual(AGENT_RUNS_BY_DEFAULT);
		expect(sometimes.sort()).toEqual(['fax.getFieldExtraction', 'fax.getOcr']);
	});

	it('shows the switch, off, only on the tool of such an operation, saying what an agent could then do', () => {
		const switches = new FaxPlus().description.properties.filter((p) => p.name === 'agentMayRun');
		const purchaseSwitch = switches.find((p) =>
			p.displayOptions?.show?.operation?.includes('purchaseNumber'),
		);
		expect(purchaseSwitch).toMatchObject({
			default: false,
			displayOptions: { show: { resource: ['shop'], '@tool': [true] } },
		});
		expect(purchaseSwitch?.description).toMatch(/purchase a number \(spends money/);
		// Why a person should approve (what a received fax may tell an agent) is a link away.
		expect(purchaseSwitch?.description).toMatch(
			/<a href="[^"]*\/docs\/security\.md#what-an-ai-agent-may-do-with-the-tools" target="_blank">approves each call<\/a>$/,
		);
		const sendSwitch = switches.find((p) => p.displayOptions?.show?.operation?.includes('send'));
		expect(sendSwitch).toMatchObject({
			default: false,
			displayOptions: { show: { resource: ['fax'], '@tool': [true] } },
		});
		expect(sendSwitch?.description).toMatch(
			/^Whether an AI agent may send a fax \(spends money or credits\); turn on only where a person /,
		);
		expect(switches.some((p) => p.displayOptions?.show?.operation?.includes('get'))).toBe(false);
	});
});

describe('an operation with a risk, as a tool', () => {
	const server = useFaxPlusServer();

	it('is refused before any request while the switch is off, naming it', async () => {
		for (const parameters of [deleteFax, purchase]) {
			const { error } = await runOperation(server(), parameters, { asTool: true });
			expect(error?.message).toMatch(
				/^This tool may not .* for an AI agent: "Let an AI Agent Run This" is off$/,
			);
			expect(error?.description).toMatch(/turns on "Let an AI Agent Run This"/);
		}
		expect(apiRequests(server())).toHaveLength(0);
		expect(server().state.faxes.fax_4).toBeDefined();
	});

	it('Send is refused before any request while the switch is off: nothing uploaded, no outbox fax', async () => {
		const store = useProcessedDataStore();
		const outbox = { ...server().state.outbox };
		const { error } = await runOperation(server(), sendFax, { asTool: true });
		expect(error?.message).toBe(
			'This tool may not send a fax for an AI agent: "Let an AI Agent Run This" is off',
		);
		expect(error?.description).toBe(
			'It spends money or AI credits, so an agent may run it only when the workflow\'s author turns on "Let an AI Agent Run This" in this tool\'s parameters. Ask a person to do it instead.',
		);
		// No request at all (no upload, no outbox fax, no look-up), and no repeat key kept.
		expect(server().requests).toEqual([]);
		expect(server().state.outbox).toEqual(outbox);
		expect(store.calls).toBe(0);
	});

	it('Send sends with the switch on', async () => {
		useProcessedDataStore();
		const outboxBefore = Object.keys(server().state.outbox).length;
		const items = await runOk(server(), { ...sendFax, agentMayRun: true }, { asTool: true });
		expect(items[0].json.outboxFaxId).toEqual(expect.any(String));
		// After the repeat key's look-ups (GETs): the upload and the outbox fax.
		const posts = apiRequests(server()).filter((r) => r.method === 'POST');
		expect(posts.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v3/accounts/self/files',
			'POST /v3/accounts/self/outbox',
		]);
		expect(Object.keys(server().state.outbox)).toHaveLength(outboxBefore + 1);
	});

	it('runs with the switch on', async () => {
		const items = await runOk(server(), { ...deleteFax, agentMayRun: true }, { asTool: true });
		expect(items[0].json).toMatchObject({ deleted: true, faxId: 'fax_4' });
		expect(server().state.faxes.fax_4).toBeUndefined();
	});

	it('runs in a workflow (not a tool) as before', async () => {
		await runOk(server(), deleteFax);
		expect(server().state.faxes.fax_4).toBeUndefined();
	});

	it('a reading operation runs as a tool without the switch', async () => {
		const items = await runOk(
			server(),
			{ resource: 'fax', operation: 'get', userId: 'self', faxId: 'fax_1' },
			{ asTool: true },
		);
		expect(items[0].json.id).toBe('fax_1');
	});
});
