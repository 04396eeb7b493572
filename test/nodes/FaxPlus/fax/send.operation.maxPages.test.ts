// Fax → Send: Max Pages, the cost guard against faxing a huge file by mistake.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { apiRequests, runOk, runOperation, useFaxPlusServer } from '../../../support/faxplus';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { makePagedPdf } = require('../../../server/media') as {
	makePagedPdf: (pages: number) => Buffer;
};

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

	it('refuses a Max Pages that is not a whole number', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, options: { maxPages: 1.5 } },
			{ items: itemWith(makePagedPdf(1)) },
		);
		expect(error?.message).toBe('Max Pages must be a whole number of 0 or more, not "1.5"');
	});
});
