// Fax → Send: Max Pages, the cost guard against faxing a huge file by mistake.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { apiRequests, runOk, runOperation, useFaxPlusServer } from '../../../../support/faxplus';
import { useProcessedDataStore } from '../../../../support/processed-data';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { makePagedPdf } = require('../../../../server/media') as {
	makePagedPdf: (pages: number) => Buffer;
};

// The local document host is on loopback, which Send refuses: allowed as a user would allow an internal server.
// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- test code: n8n reads its allow list from the environment
process.env.N8N_SSRF_ALLOWED_IP_RANGES = '127.0.0.1/32';

const itemWith = (pdf: Buffer): INodeExecutionData[] => [
	{
		json: {},
		binary: {
			data: { data: pdf.toString('base64'), mimeType: 'application/pdf', fileName: 'big.pdf' },
		},
	} as unknown as INodeExecutionData,
];

describe('Fax → Send: Max Pages', () => {
	const server = useFaxPlusServer();
	const base: IDataObject = {
		resource: 'fax',
		operation: 'send',
		userId: 'self',
		from: '+15551230001',
		to: '+15551234567',
	};

	it('refuses a 2,000-page document by default, naming Max Pages, before anything is uploaded', async () => {
		const { error } = await runOperation(server(), base, { items: itemWith(makePagedPdf(2000)) });
		expect(error?.message).toBe('The documents have 2000 pages, more than Max Pages (100)');
		expect(error?.description).toContain('raise Max Pages under Options to at least 2000');
		expect(apiRequests(server())).toEqual([]);
	});

	it('sends up to the default, and more when Max Pages is raised; pages in the output', async () => {
		const hundred = await runOk(server(), base, { items: itemWith(makePagedPdf(100)) });
		expect(hundred[0].json).toMatchObject({ to: '+15551234567', pages: 100 });

		const raised = await runOk(
			server(),
			{ ...base, options: { maxPages: 2000 } },
			{ items: itemWith(makePagedPdf(2000)) },
		);
		expect(raised[0].json.pages).toBe(2000);
		expect(server().state.outbox[String(raised[0].json.outboxFaxId)]).toBeDefined();
	});

	describe('a document whose pages cannot be counted (a Word file, a text from a URL)', () => {
		const docx: INodeExecutionData[] = [
			{
				json: {},
				binary: {
					data: {
						data: Buffer.from('PK word document').toString('base64'),
						mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
						fileName: 'letter.docx',
					},
				},
			} as unknown as INodeExecutionData,
		];
		const url = (name: string) => `${server().origin}/_documents/${name}`;
		// A tool's send keeps its key in n8n's processed-data store.
		beforeEach(() => useProcessedDataStore());

		it('is sent under the default Max Pages, without pages in the output', async () => {
			const [item] = await runOk(server(), base, { items: docx });
			expect(item.json.outboxFaxId).toBeDefined();
			expect(item.json.pages).toBeUndefined();
		});

		it('is refused once Max Pages is set, naming the file and the option', async () => {
			const { error } = await runOperation(
				server(),
				{ ...base, options: { maxPages: 100 } },
				{ items: docx },
			);
			expect(error?.message).toBe(
				'Max Pages: the pages of "letter.docx" cannot be counted before sending',
			);
			expect(error?.description).toContain('remove Max Pages under Options');
			expect(apiRequests(server())).toEqual([]);
		});

		it("is refused when an AI agent sends it; the agent's own text and a PDF are sent", async () => {
			const asTool = (parameters: IDataObject) =>
				runOperation(server(), { ...base, agentMayRun: true, ...parameters }, { asTool: true });
			const { error } = await asTool({ documentSource: 'url', documentUrls: url('note.txt') });
			expect(error?.message).toBe(
				'Max Pages: the pages of "note.txt" cannot be counted before sending',
			);
			expect(apiRequests(server())).toEqual([]);
			const pdf = await asTool({ documentSource: 'url', documentUrls: url('invoice.pdf') });
			expect(pdf.error).toBeUndefined();
			const text = await asTool({ documentSource: 'text', documentText: 'Hello' });
			expect(text.error).toBeUndefined();
		});

		it('does not hide a counted document over the limit beside it', async () => {
			const both: INodeExecutionData[] = [
				{
					json: {},
					binary: {
						...docx[0].binary,
						big: {
							data: makePagedPdf(2000).toString('base64'),
							mimeType: 'application/pdf',
							fileName: 'big.pdf',
						},
					},
				} as unknown as INodeExecutionData,
			];
			const { error } = await runOperation(server(), base, { items: both });
			expect(error?.message).toBe(
				'The documents have at least 2000 pages, more than Max Pages (100)',
			);
			expect(apiRequests(server())).toEqual([]);
		});
	});

	it('refuses a Max Pages that is not a whole number', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, options: { maxPages: 1.5 } },
			{ items: itemWith(makePagedPdf(1)) },
		);
		expect(error?.message).toBe('Max Pages must be a whole number of 0 or more, not "1.5"');
	});
});
