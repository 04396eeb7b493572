// Fax → Send run as an AI tool: the answer says what happens next and how to follow the fax.
import { apiRequests, runOk, useFaxPlusServer } from '../../../../support/faxplus';
import { useProcessedDataStore } from '../../../../support/processed-data';

describe('Fax → Send as an AI tool', () => {
	const server = useFaxPlusServer();
	// A tool's send keeps its default idempotency key in n8n's processed-data store.
	beforeEach(() => useProcessedDataStore());
	const base = {
		resource: 'fax',
		operation: 'send',
		userId: 'self',
		from: '+15551230001',
		documentSource: 'text',
	};

	it('sends text to a comma-separated list and answers the outbox IDs, what happens next and how to check', async () => {
		const items = await runOk(
			server(),
			{
				...base,
				to: '+15551234567, +4930123456',
				documentText: 'Please call me back.',
				options: { comment: 'Agent fax' },
				// Its author let an agent send.
				agentMayRun: true,
			},
			{ asTool: true },
		);
		const outbox = apiRequests(server()).find(
			(r) => r.method === 'POST' && r.path === '/v3/accounts/self/outbox',
		);
		expect(outbox?.body).toMatchObject({
			to: ['+15551234567', '+4930123456'],
			// The tool's default key: its marker follows the comment's text.
			comment: { text: expect.stringMatching(/^Agent fax\nn8n-key-/) },
		});

		// The same items as in a workflow (one per destination), each with a message.
		const ids = items.map((item) => item.json.outboxFaxId as string);
		for (const id of ids) expect(server().state.outbox[id]).toBeDefined();
		expect(items.map((item) => item.json.to)).toEqual(['+15551234567', '+4930123456']);
		const message = String(items[1].json.message);
		expect(message).toContain(`+4930123456 was accepted`);
		expect(message).toContain(`(outbox ID ${ids[1]})`);
		expect(message).toContain('Fax.Plus sends it now');
		expect(message).toContain('Outbox → Get with its outbox ID');
		expect(message).toContain('Fax → Get Many with category "sent"');
		expect(message).toContain('does not fax them again');
	});

	it('in a workflow, outputs the outbox ID beside the number, no message and no storage paths', async () => {
		const items = await runOk(server(), { ...base, to: '+15551234567', documentText: 'Hello' });
		expect(Object.keys(items[0].json)).toEqual(['outboxFaxId', 'to', 'from', 'queuedAt', 'pages']);
	});
});
