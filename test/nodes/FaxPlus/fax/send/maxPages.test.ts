// Fax → Send: Max Pages, the cost guard against faxing a huge file by mistake, over PDFs as pdf-lib
// and mutool write them.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { apiRequests, runOk, runOperation, useFaxPlusServer } from '../../../../support/faxplus';
import { pdfFixture, pdfLibPdf } from '../../../shared/documentReader/support/pdf';
import { useProcessedDataStore } from '../../../../support/processed-data';

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

/** A page object outside the page tree, after the end: what a count of page markers would read. */
const DECOY = '\n9999 0 obj << /Type /Page >> endobj\n';

describe('Fax → Send: Max Pages', () => {
	const server = useFaxPlusServer();
	const pdfs: Record<string, Buffer> = {};
	beforeAll(async () => {
		pdfs.three = await pdfLibPdf(3);
		pdfs.hundred = await pdfLibPdf(100, false);
		pdfs.fiveHundred = await pdfLibPdf(500);
		pdfs.decoy = Buffer.concat([pdfs.fiveHundred, Buffer.from(DECOY)]);
	});
	const base: IDataObject = {
		resource: 'fax',
		operation: 'send',
		userId: 'self',
		from: '+15551230001',
		to: '+15551234567',
	};

	it('with Max Pages 100, sends a 3-page PDF from pdf-lib (object streams) with pages: 3', async () => {
		const [item] = await runOk(
			server(),
			{ ...base, options: { maxPages: 100 } },
			{ items: itemWith(pdfs.three) },
		);
		expect(item.json).toMatchObject({ to: '+15551234567', pages: 3 });
		expect(server().state.outbox[String(item.json.outboxFaxId)]).toBeDefined();
	});

	it('counts a PDF with a page object appended after its end by its page tree: the decoy is never written', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, options: { maxPages: 100 } },
			{ items: itemWith(pdfs.decoy) },
		);
		expect(error?.message).toBe('The documents have 500 pages, more than Max Pages (100)');
		expect(apiRequests(server())).toEqual([]);
		const [sent] = await runOk(
			server(),
			{ ...base, options: { maxPages: 500 } },
			{
				items: itemWith(pdfs.decoy),
			},
		);
		expect(sent.json.pages).toBe(500);
	});

	it.each([
		['set to 100', { maxPages: 100 }, 'fiveHundred'],
		['not set', {}, 'fiveHundred'],
	])(
		'with Max Pages %s, refuses a 500-page PDF, naming Max Pages, before anything is uploaded',
		async (_case, options, pdf) => {
			const { error } = await runOperation(
				server(),
				{ ...base, options },
				{ items: itemWith(pdfs[pdf]) },
			);
			expect(error?.message).toBe('The documents have 500 pages, more than Max Pages (100)');
			expect(error?.description).toContain(
				'raise Max Pages (Options → Add Option → Max Pages) to at least 500',
			);
			expect(apiRequests(server())).toEqual([]);
		},
	);

	it('counts each page of an incrementally updated PDF once', async () => {
		// mutool's update rewrote page 1 and the page tree root and added a page: 7 page objects, 6 pages.
		const updated = pdfFixture('mutool-incremental.pdf');
		const [item] = await runOk(
			server(),
			{ ...base, options: { maxPages: 6 } },
			{ items: itemWith(updated) },
		);
		expect(item.json.pages).toBe(6);
		const { error } = await runOperation(
			server(),
			{ ...base, options: { maxPages: 5 } },
			{ items: itemWith(updated) },
		);
		expect(error?.message).toBe('The documents have 6 pages, more than Max Pages (5)');
	});

	it('sends up to the default, and more when Max Pages is raised; pages in the output', async () => {
		const hundred = await runOk(server(), base, { items: itemWith(pdfs.hundred) });
		expect(hundred[0].json).toMatchObject({ to: '+15551234567', pages: 100 });

		const raised = await runOk(
			server(),
			{ ...base, options: { maxPages: 500 } },
			{ items: itemWith(pdfs.fiveHundred) },
		);
		expect(raised[0].json.pages).toBe(500);
		expect(server().state.outbox[String(raised[0].json.outboxFaxId)]).toBeDefined();
	});

	it.each([
		[
			"damaged (no catalog: its /Type and the trailer's /Root misspelt)",
			async () =>
				(await pdfLibPdf(1, false))
					.toString('latin1')
					.replace('/Catalog', '/Catalox')
					.replace('/Root', '/Rooq'),
			'the PDF is damaged: no page tree was found in it',
			'Open it and save it again in a PDF tool',
		],
		[
			"protected by a password (its /U not the empty password's)",
			async () => pdfFixture('qpdf-rc4-40.pdf').toString('latin1').replace('/U <72a3', '/U <72a4'),
			'the PDF is protected by a password',
			'Remove its password in a PDF tool',
		],
	])(
		'refuses a PDF %s once Max Pages is set, saying why and what to do',
		async (_case, make, why, fix) => {
			const changed = Buffer.from(await make(), 'latin1');
			const item = {
				json: {},
				binary: {
					data: {
						data: changed.toString('base64'),
						mimeType: 'application/pdf',
						fileName: 'scan.pdf',
					},
				},
			} as unknown as INodeExecutionData;
			const { error } = await runOperation(
				server(),
				{ ...base, options: { maxPages: 100 } },
				{ items: [item] },
			);
			expect(error?.message).toBe(
				`Max Pages: the pages of "scan.pdf" cannot be counted before sending: ${why}`,
			);
			expect(error?.description).toContain(fix);
			expect(error?.description).toContain('remove Max Pages (Options → Add Option → Max Pages)');
			expect(apiRequests(server())).toEqual([]);
		},
	);

	describe('a document whose pages cannot be counted (a Word file)', () => {
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
			expect(error?.description).toContain('remove Max Pages (Options → Add Option → Max Pages)');
			expect(apiRequests(server())).toEqual([]);
		});

		it("is refused when an AI agent sends it; the agent's own text, a text file and a PDF are sent", async () => {
			const asTool = (parameters: IDataObject, items?: INodeExecutionData[]) =>
				runOperation(
					server(),
					{ ...base, agentMayRun: true, ...parameters },
					{ asTool: true, items },
				);
			const { error } = await asTool({}, docx);
			expect(error?.message).toBe(
				'Max Pages: the pages of "letter.docx" cannot be counted before sending',
			);
			expect(apiRequests(server())).toEqual([]);
			const note = await asTool({ documentSource: 'url', documentUrls: url('note.txt') });
			expect(note.error).toBeUndefined();
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
							data: pdfs.fiveHundred.toString('base64'),
							mimeType: 'application/pdf',
							fileName: 'big.pdf',
						},
					},
				} as unknown as INodeExecutionData,
			];
			const { error } = await runOperation(server(), base, { items: both });
			expect(error?.message).toBe(
				'The documents have at least 500 pages, more than Max Pages (100)',
			);
			expect(apiRequests(server())).toEqual([]);
		});
	});

	it('refuses a Max Pages that is not a whole number', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, options: { maxPages: 1.5 } },
			{ items: itemWith(pdfs.three) },
		);
		expect(error?.message).toBe('Max Pages must be a whole number of 0 or more, not "1.5"');
	});
});
