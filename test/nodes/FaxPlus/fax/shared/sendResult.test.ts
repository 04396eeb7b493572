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

		const json = items[0].json as {
			ids: Record<string, string>;
			outbox: Array<{ to: string; outboxFaxId: string }>;
			message: string;
		};
		const ids = Object.values(json.ids);
		expect(ids).toHaveLength(2);
		for (const id of ids) expect(server().state.outbox[id]).toBeDefined();
		expect(json.outbox).toEqual([
			{ to: '+15551234567', outboxFaxId: json.ids['+15551234567'] },
			{ to: '+4930123456', outboxFaxId: json.ids['+4930123456'] },
		]);
		expect(json.message).toContain(`+15551234567 (outbox ID ${json.ids['+15551234567']})`);
		expect(json.message).toContain('Fax.Plus sends it now');
		expect(json.message).toContain('Outbox → Get with its outbox ID');
		expect(json.message).toContain('Fax → Get Many with category "sent"');
		expect(json.message).toContain('does not fax them again');
	});

	it('in a workflow, answers as before (no message)', async () => {
		const items = await runOk(server(), { ...base, to: '+15551234567', documentText: 'Hello' });
		expect(Object.keys(items[0].json).sort()).toEqual(['files', 'from', 'ids', 'to']);
	});
});
