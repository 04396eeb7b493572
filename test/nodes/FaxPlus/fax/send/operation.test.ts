import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import {
	bytesOf,
	apiRequests,
	expectAuthHeaders,
	oauthCredentials,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
	type RecordedRequest,
} from '../../../../support/faxplus';
import { FaxPlus } from '../../../../../nodes/FaxPlus/FaxPlus.node';
import { runFaxPlusNode } from '../../../../support/n8n-harness';
import { runListSearch } from '../../../../support/list-search';
import { pdfinfoPages, writtenPdf } from '../../../shared/documentReader/support/written';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { makePdf, TIFF } = require('../../../../server/media') as {
	makePdf: (lines: string[]) => Buffer;
	TIFF: Buffer;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parseMultipart } = require('../../../../server/multipart') as {
	parseMultipart: (
		raw: Buffer,
		contentType: string,
	) => { files: Array<{ name: string; filename: string; contentType: string; data: Buffer }> };
};

const PDF = makePdf(['Invoice 42', 'Please pay by Friday']);

/** A binary field the way n8n keeps it in memory (base64 in `data`). */
function binaryOf(data: Buffer, mimeType: string, fileName?: string): IDataObject {
	const binary: IDataObject = { data: data.toString('base64'), mimeType, bytes: data.length };
	if (fileName) binary.fileName = fileName;
	return binary;
}

function itemWith(
	binary: Record<string, IDataObject>,
	json: IDataObject = {},
): INodeExecutionData[] {
	return [{ json, binary } as unknown as INodeExecutionData];
}

/** The file parts of a recorded upload, with their bytes. */
function uploadedParts(request: RecordedRequest) {
	return parseMultipart(request.rawBody, String(request.headers['content-type'])).files;
}

/** What Send uploads for PDF: the PDF the reader wrote from it. */
let WRITTEN: Buffer;
beforeAll(async () => {
	WRITTEN = await writtenPdf(PDF);
});

describe('Fax → Send', () => {
	const server = useFaxPlusServer();
	// From is required: one of the account's numbers, or no_number.
	const base = { resource: 'fax', operation: 'send', userId: 'self', from: '+15551230001' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'uploads the PDF as fax_file, then creates the outbox fax (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{ ...base, to: '+1 555 123 4567', from: ' +1 555 123 0001 ' },
				{ auth, items: itemWith({ data: binaryOf(PDF, 'application/pdf', 'invoice.pdf') }) },
			);

			const [uploadRequest, outboxRequest, ...rest] = apiRequests(server());
			expect(rest).toEqual([]);

			expect(uploadRequest.method).toBe('POST');
			expect(uploadRequest.path).toBe('/v3/accounts/self/files');
			expect(uploadRequest.query).toEqual({ format: 'pdf' });
			expect(uploadRequest.status).toBe(200);
			expect(uploadRequest.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
			expect(uploadRequest.body.files).toEqual([
				{
					name: 'fax_file',
					filename: 'invoice.pdf',
					contentType: 'application/pdf',
					size: WRITTEN.length,
				},
			]);
			// The PDF the reader wrote, whose pages poppler counts as the node does.
			const uploaded = uploadedParts(uploadRequest)[0].data;
			expect(uploaded.equals(WRITTEN)).toBe(true);
			expect(uploaded.equals(PDF)).toBe(false);
			expect(pdfinfoPages(uploaded)).toEqual({ pages: items[0].json.pages, warnings: '' });
			expectAuthHeaders(server(), uploadRequest, auth);

			const [path] = Object.keys(server().state.files).filter(
				(p) => p !== '/storage/seed-document.pdf',
			);
			expect(server().state.files[path]).toMatchObject({
				filename: 'invoice.pdf',
				contentType: 'application/pdf',
				format: 'pdf',
			});

			expect(outboxRequest.method).toBe('POST');
			expect(outboxRequest.path).toBe('/v3/accounts/self/outbox');
			expect(outboxRequest.query).toEqual({});
			expect(outboxRequest.headers['content-type']).toMatch(/^application\/json/);
			expect(outboxRequest.body).toEqual({
				from: '+15551230001',
				to: ['+15551234567'],
				files: [path],
				return_ids: true,
			});
			expect(outboxRequest.status).toBe(201);
			expectAuthHeaders(server(), outboxRequest, auth);

			const outboxIds = Object.keys(server().state.outbox).filter((id) => id !== 'outbox_1');
			expect(outboxIds).toHaveLength(1);
			expect(items).toEqual([
				{
					json: {
						outboxFaxId: outboxIds[0],
						to: '+15551234567',
						from: '+15551230001',
						queuedAt: expect.any(String),
						pages: 1,
					},
					pairedItem: { item: 0 },
				},
			]);
			expect(server().state.outbox[outboxIds[0]]).toMatchObject({
				to: ['+15551234567'],
				files: [path],
				status: 'submitted',
			});
		},
	);

	it('sends every named file, in order, to every number, with all the options', async () => {
		const text = Buffer.from('Cover note\n');
		const items = await runOk(
			server(),
			{
				...base,
				to: '+15551234567,\n+49 30 123456',
				binaryPropertyNames: ' contract , scan,note ',
				options: {
					comment: 'Signed contract',
					enhancement: false,
					retryCount: 2,
					retryDelay: 60,
					sendTime: '2030-01-15T09:30:00Z',
					coverPage: {
						nameTo: 'Berlin Clinic',
						nameFrom: 'Ada',
						subject: 'Contract',
						message: 'Two pages',
						flags: ['urgent', 'confidential'],
					},
				},
			},
			{
				items: itemWith({
					contract: binaryOf(PDF, 'application/pdf', 'contract.pdf'),
					scan: binaryOf(TIFF, 'image/tiff', 'scan.tiff'),
					note: binaryOf(text, 'text/plain', 'note.txt'),
					ignored: binaryOf(PDF, 'application/pdf', 'other.pdf'),
				}),
			},
		);

		const requests = apiRequests(server());
		expect(requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query)}`)).toEqual([
			'POST /v3/accounts/self/files {"format":"pdf"}',
			'POST /v3/accounts/self/files {"format":"tiff"}',
			'POST /v3/accounts/self/files {"format":"pdf"}',
			'POST /v3/accounts/self/outbox {}',
		]);
		expect(requests.slice(0, 3).map((r) => r.body.files)).toEqual([
			[
				{
					name: 'fax_file',
					filename: 'contract.pdf',
					contentType: 'application/pdf',
					size: WRITTEN.length,
				},
			],
			[{ name: 'fax_file', filename: 'scan.tiff', contentType: 'image/tiff', size: TIFF.length }],
			[{ name: 'fax_file', filename: 'note.txt', contentType: 'text/plain', size: text.length }],
		]);
		expect(uploadedParts(requests[1])[0].data.equals(TIFF)).toBe(true);
		expect(uploadedParts(requests[2])[0].data.equals(text)).toBe(true);

		const files = requests[3].body.files as string[];
		expect(files).toHaveLength(3);
		expect(files.map((p) => server().state.files[p].filename)).toEqual([
			'contract.pdf',
			'scan.tiff',
			'note.txt',
		]);
		expect(requests[3].body).toEqual({
			from: '+15551230001',
			to: ['+15551234567', '+4930123456'],
			files,
			comment: { text: 'Signed contract' },
			options: { enhancement: false, retry: { count: 2, delay: 60 } },
			send_time: '2030-01-15 09:30:00 +0000',
			cover_page: {
				name_to: 'Berlin Clinic',
				name_from: 'Ada',
				subject: 'Contract',
				message: 'Two pages',
				flags: ['urgent', 'confidential'],
			},
			return_ids: true,
		});

		// One item per destination, its outbox ID beside the number; no storage paths. Pages: the
		// PDF's, the TIFF's and the text's, one each.
		const ids = items.map((item) => item.json.outboxFaxId as string);
		expect(items.map((item) => item.json)).toEqual([
			{
				outboxFaxId: ids[0],
				to: '+15551234567',
				from: '+15551230001',
				queuedAt: expect.any(String),
				scheduledFor: '2030-01-15T09:30:00Z',
				pages: 3,
			},
			{
				outboxFaxId: ids[1],
				to: '+4930123456',
				from: '+15551230001',
				queuedAt: expect.any(String),
				scheduledFor: '2030-01-15T09:30:00Z',
				pages: 3,
			},
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		for (const id of ids) {
			expect(server().state.outbox[id]).toMatchObject({
				status: 'scheduled',
				send_time: '2030-01-15 09:30:00 +0000',
			});
		}
	});

	it("sends every file of the item when Input Binary Fields is empty (a form's upload, nothing typed)", async () => {
		const text = Buffer.from('Cover note\n');
		await runOk(
			server(),
			{ ...base, to: '+15551234567' },
			{
				items: itemWith({
					Document: binaryOf(PDF, 'application/pdf', 'upload.pdf'),
					Note: binaryOf(text, 'text/plain', 'note.txt'),
				}),
			},
		);
		const requests = apiRequests(server());
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v3/accounts/self/files',
			'POST /v3/accounts/self/files',
			'POST /v3/accounts/self/outbox',
		]);
		expect(requests.slice(0, 2).map((r) => r.body.files[0].filename)).toEqual([
			'upload.pdf',
			'note.txt',
		]);
	});

	it('sends From no_number as it is, for a corporate member without an assigned number', async () => {
		const items = await runOk(
			server(),
			{
				...base,
				forCorporateMember: true,
				userId: 'member_1',
				to: '+15551234567',
				from: ' no_number ',
			},
			{ items: itemWith({ data: binaryOf(PDF, 'application/pdf', 'a.pdf') }) },
		);
		const outbox = apiRequests(server()).find((r) => r.path === '/v3/accounts/member_1/outbox');
		expect(outbox?.body).toEqual({
			from: 'no_number',
			to: ['+15551234567'],
			files: [expect.any(String)],
			return_ids: true,
		});
		expect(outbox?.status).toBe(201);
		expect(items[0].json).toMatchObject({ from: 'no_number', to: '+15551234567' });
	});

	it('sends several From numbers as one comma-separated list, and Fax.Plus balances the destinations over them', async () => {
		const items = await runOk(
			server(),
			{
				...base,
				to: '+4930123456, +33144556677',
				from: { __rl: true, mode: 'number', value: '+1 555 123 0001, +15551230002, +15551230001' },
			},
			{ items: itemWith({ data: binaryOf(PDF, 'application/pdf', 'a.pdf') }) },
		);
		const outbox = apiRequests(server()).find((r) => r.path === '/v3/accounts/self/outbox');
		expect(outbox?.body).toMatchObject({
			from: '+15551230001,+15551230002',
			to: ['+4930123456', '+33144556677'],
		});
		expect(outbox?.status).toBe(201);
		const ids = items.map((item) => item.json.outboxFaxId as string);
		expect(items[0].json.from).toBe('+15551230001,+15551230002');
		expect(ids.map((id) => server().state.outbox[id].src)).toEqual([
			'+15551230001',
			'+15551230002',
		]);
	});

	it('takes From picked from the list (a resource locator value)', async () => {
		await runOk(
			server(),
			{
				...base,
				to: '+4930123456',
				from: { __rl: true, mode: 'list', value: '+15551230002', cachedResultName: '+15551230002' },
			},
			{ items: itemWith({ data: binaryOf(PDF, 'application/pdf', 'a.pdf') }) },
		);
		expect(
			apiRequests(server()).find((r) => r.path === '/v3/accounts/self/outbox')?.body,
		).toMatchObject({ from: '+15551230002' });
	});

	it("has From required, a list of the account's numbers first, then By Number (one, several or no_number)", () => {
		const from = new FaxPlus().description.properties.find(
			(property) =>
				property.name === 'from' && property.displayOptions?.show?.operation?.includes('send'),
		);
		expect(from).toMatchObject({
			required: true,
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
		});
		expect(from?.modes?.map((mode) => [mode.name, mode.type])).toEqual([
			['list', 'list'],
			['number', 'string'],
		]);
		expect(from?.modes?.[0].typeOptions).toEqual({
			searchListMethod: 'searchSenderNumbers',
			searchable: true,
		});
		expect(from?.description).toMatch(/account's fax number/);
		expect(from?.description).toMatch(/separated by commas/);
		expect(from?.description).toMatch(/no_number/);
	});

	it("lists the account's numbers for From, filtered by the digits typed", async () => {
		const all = await runListSearch(server(), 'searchSenderNumbers');
		const request = onlyApiRequest(server());
		expect(`${request.method} ${request.path}`).toBe('GET /v3/accounts/self/numbers');
		expect(all.results).toEqual([
			{ name: '+15551230001', value: '+15551230001' },
			{ name: '+15551230002', value: '+15551230002' },
			{ name: '+15551230003', value: '+15551230003' },
		]);
		expect(
			(await runListSearch(server(), 'searchSenderNumbers', { filter: '555 123 0002' })).results,
		).toEqual([{ name: '+15551230002', value: '+15551230002' }]);
		expect(
			(
				await runListSearch(server(), 'searchSenderNumbers', { auth: 'oauth', filter: '0003' })
			).results.map((r) => r.value),
		).toEqual(['+15551230003']);
	});

	it('sends the date and time in UTC, whatever zone it was given in', async () => {
		await runOk(
			server(),
			{ ...base, to: '+15551234567', options: { sendTime: '2030-07-01T11:00:00+02:00' } },
			{ items: itemWith({ data: binaryOf(PDF, 'application/pdf', 'a.pdf') }) },
		);
		expect(apiRequests(server()).at(-1)!.body.send_time).toBe('2030-07-01 09:00:00 +0000');
	});

	it('takes the type from the file name when the MIME type is generic, and names a file without a name', async () => {
		await runOk(
			server(),
			{ ...base, to: '+15551234567', binaryPropertyNames: 'a,b' },
			{
				items: itemWith({
					a: binaryOf(PDF, 'application/octet-stream', 'scan.PDF'),
					b: binaryOf(TIFF, 'image/tiff'),
				}),
			},
		);
		const uploads = apiRequests(server()).slice(0, 2);
		expect(
			uploads.map((r) => [r.query, r.body.files[0].filename, r.body.files[0].contentType]),
		).toEqual([
			[{ format: 'pdf' }, 'scan.PDF', 'application/pdf'],
			[{ format: 'tiff' }, 'b.tiff', 'image/tiff'],
		]);
	});

	it('uploads in the format chosen under Upload Format', async () => {
		await runOk(
			server(),
			{ ...base, to: '+15551234567', options: { uploadFormat: 'tiff' } },
			{ items: itemWith({ data: binaryOf(PDF, 'application/pdf', 'a.pdf') }) },
		);
		expect(apiRequests(server())[0].query).toEqual({ format: 'tiff' });
	});

	it('sends one fax per item, each with its own file and number', async () => {
		const other = makePdf(['Second']);
		const items = await runOk(
			server(),
			{ ...base, to: '={{ $json.fax }}' },
			{
				items: [
					...itemWith(
						{ data: binaryOf(PDF, 'application/pdf', 'one.pdf') },
						{ fax: '+15551234567' },
					),
					...itemWith(
						{ data: binaryOf(other, 'application/pdf', 'two.pdf') },
						{ fax: '+4930123456' },
					),
				],
			},
		);
		const requests = apiRequests(server());
		expect(requests.map((r) => r.path)).toEqual([
			'/v3/accounts/self/files',
			'/v3/accounts/self/outbox',
			'/v3/accounts/self/files',
			'/v3/accounts/self/outbox',
		]);
		expect(uploadedParts(requests[2])[0].data.equals(await writtenPdf(other))).toBe(true);
		expect(requests[3].body.to).toEqual(['+4930123456']);
		expect(items.map((item) => [item.json.to, item.pairedItem])).toEqual([
			['+15551234567', { item: 0 }],
			['+4930123456', { item: 1 }],
		]);
	});

	describe('a two-node flow: a node that outputs a PDF, then Send', () => {
		it('faxes the PDF the previous node put in the item', async () => {
			// Node 1 produces the item: Download puts the fax document in "data" through n8n's prepareBinaryData.
			const produced = await runOk(server(), {
				resource: 'fax',
				operation: 'download',
				userId: 'self',
				faxId: 'fax_1',
			});
			expect(produced[0].binary!.data).toMatchObject({
				mimeType: 'application/pdf',
				fileName: 'fax_1.pdf',
			});
			const pdf = await bytesOf(produced[0].binary!.data);
			server().clearRequests();

			// Node 2 sends it on.
			const input = produced.map(({ json, binary }) => ({ json, binary }));
			const items = await runOk(server(), { ...base, to: '+15551234567' }, { items: input });

			const [upload, outbox] = apiRequests(server());
			expect(upload.body.files).toEqual([
				{
					name: 'fax_file',
					filename: 'fax_1.pdf',
					contentType: 'application/pdf',
					size: expect.any(Number),
				},
			]);
			const sentBytes = uploadedParts(upload)[0].data;
			expect(sentBytes.equals(await writtenPdf(pdf))).toBe(true);
			expect(sentBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect(sentBytes.toString('latin1')).toContain('Fax fax_1');
			expect(upload.body.files[0].size).toBe(sentBytes.length);
			expect(outbox.body).toEqual({
				from: '+15551230001',
				to: ['+15551234567'],
				files: [expect.any(String)],
				return_ids: true,
			});
			expect(items[0].json).toMatchObject({ to: '+15551234567', outboxFaxId: expect.any(String) });
		});
	});

	describe('refuses before sending anything', () => {
		const pdfItem = () => itemWith({ data: binaryOf(PDF, 'application/pdf', 'a.pdf') });

		it('11 files', async () => {
			const binary: Record<string, IDataObject> = {};
			const names = Array.from({ length: 11 }, (_, i) => `file${i + 1}`);
			for (const name of names) binary[name] = binaryOf(PDF, 'application/pdf', `${name}.pdf`);
			const { error } = await runOperation(
				server(),
				{ ...base, to: '+15551234567', binaryPropertyNames: names.join(',') },
				{ items: itemWith(binary) },
			);
			expect(error?.message).toBe(
				'Input Binary Fields names 11 files; Fax.Plus takes at most 10 per fax',
			);
			expect(apiRequests(server())).toHaveLength(0);
		});

		it("more than 150 MB in all (from the files' sizes, before reading them)", async () => {
			// The sizes n8n keeps with each file; the bytes themselves are small so the test stays light.
			const size = 76 * 1024 * 1024;
			const { error } = await runOperation(
				server(),
				{ ...base, to: '+15551234567', binaryPropertyNames: 'a, b' },
				{
					items: itemWith({
						a: { ...binaryOf(PDF, 'application/pdf', 'a.pdf'), bytes: size },
						b: { ...binaryOf(PDF, 'application/pdf', 'b.pdf'), bytes: size },
					}),
				},
			);
			expect(error?.message).toBe(
				'Input Binary Fields: the files add up to 152.0 MB; Fax.Plus takes at most 150 MB per fax',
			);
			expect(apiRequests(server())).toHaveLength(0);
		});

		it('more than 4000 destinations', async () => {
			const to = Array.from(
				{ length: 4001 },
				(_, i) => `+1212555${String(i).padStart(4, '0')}`,
			).join(',');
			const { error } = await runOperation(server(), { ...base, to }, { items: pdfItem() });
			expect(error?.message).toBe('To has 4001 numbers; Fax.Plus takes at most 4000 per fax');
			expect(apiRequests(server())).toHaveLength(0);
		});

		it('a missing binary field, naming it and the fields the item has', async () => {
			const { error } = await runOperation(
				server(),
				{ ...base, to: '+15551234567', binaryPropertyNames: 'data, attachment' },
				{ items: pdfItem() },
			);
			expect(error?.message).toBe(
				'Input Binary Fields: the input item has no binary field "attachment"',
			);
			expect(error?.description).toBe(
				"The item's binary fields are: data. Use one of these names.",
			);
			expect(apiRequests(server())).toHaveLength(0);
		});

		it('an item without files', async () => {
			const { error } = await runOperation(server(), { ...base, to: '+15551234567' });
			expect(error?.message).toBe('Input Binary Fields: the input item carries no files');
			expect(error?.description).toMatch(/put the document in a binary field first/);
			// HTTP Request passes a file on only with this option (issue 88).
			expect(error?.description).toContain(
				'an HTTP Request whose Response Format is File (Options → Response → Response Format)',
			);
			expect(apiRequests(server())).toHaveLength(0);
		});

		it('an item without files when a field is named, naming it', async () => {
			const { error } = await runOperation(server(), {
				...base,
				to: '+15551234567',
				binaryPropertyNames: 'data',
			});
			expect(error?.message).toBe('Input Binary Fields: the input item has no binary field "data"');
			expect(error?.description).toMatch(/carries no files/);
			expect(apiRequests(server())).toHaveLength(0);
		});

		it('a file type Fax.Plus cannot fax', async () => {
			const { error } = await runOperation(
				server(),
				{ ...base, to: '+15551234567' },
				{ items: itemWith({ data: binaryOf(Buffer.from('PK'), 'application/zip', 'docs.zip') }) },
			);
			expect(error?.message).toBe(
				'Input Binary Fields: the file in "data" (docs.zip, application/zip) is not a type Fax.Plus can fax',
			);
			expect(apiRequests(server())).toHaveLength(0);
		});

		it('an empty file', async () => {
			const { error } = await runOperation(
				server(),
				{ ...base, to: '+15551234567' },
				{ items: itemWith({ data: binaryOf(Buffer.alloc(0), 'application/pdf', 'empty.pdf') }) },
			);
			expect(error?.message).toBe('Input Binary Fields: the file in "data" is empty');
			expect(apiRequests(server())).toHaveLength(0);
		});

		it('an empty From: n8n itself refuses the required parameter', async () => {
			await expect(
				runOperation(server(), { ...base, to: '+15551234567', from: '' }, { items: pdfItem() }),
			).rejects.toThrow(/Parameter "From" is required/);
			await expect(
				runOperation(
					server(),
					{ ...base, to: '+15551234567', from: { __rl: true, mode: 'list', value: '' } },
					{ items: pdfItem() },
				),
			).rejects.toThrow(/Parameter "From" is required/);
			expect(apiRequests(server())).toHaveLength(0);
		});

		it.each([
			[
				'a number without "+"',
				{ to: '+15551234567, 49 30 123456' },
				'To: "49 30 123456" has no country code: type it with "+" and the country code, e.g. +49 30 1234567, or set Default Country Code (Options → Add Option → Default Country Code) for numbers written the national way',
			],
			[
				'a number with letters',
				{ to: '+1555CALLNOW' },
				'To: "+1555CALLNOW" is not a phone number: only digits, spaces, "-", ".", "/", brackets and a leading "+" are read',
			],
			['no number', { to: ' , ' }, 'To is required'],
			[
				'a bad sender number',
				{ to: '+15551234567', from: '5551230001' },
				'From: "5551230001" has no country code: type it with "+" and the country code, e.g. +49 30 1234567',
			],
			['a sender that is only spaces', { to: '+15551234567', from: '   ' }, 'From is required'],
			[
				'a sender expression that resolves to nothing',
				{ to: '+15551234567', from: '={{ $json.sender }}' },
				'From is required',
			],
			[
				'no_number in another spelling',
				{ to: '+15551234567', from: 'NO_NUMBER' },
				'From: "NO_NUMBER" is not a phone number: only digits, spaces, "-", ".", "/", brackets and a leading "+" are read',
			],
			[
				'a bad number in a sender list',
				{ to: '+15551234567', from: '+15551230001, 5551230002' },
				'From: "5551230002" has no country code: type it with "+" and the country code, e.g. +49 30 1234567',
			],
			[
				'no_number with numbers',
				{ to: '+15551234567', from: '+15551230001, no_number' },
				'From: no_number cannot be combined with numbers',
			],
			[
				'a retry count above 3',
				{ to: '+15551234567', options: { retryCount: 4 } },
				'Retry Count must be at most 3, not 4',
			],
			[
				'a send time that is not a date',
				{ to: '+15551234567', options: { sendTime: 'tomorrow' } },
				'Send At is not a date and time: "tomorrow"',
			],
			[
				'a negative retry count',
				{ to: '+15551234567', options: { retryCount: -1 } },
				'Retry Count must be a whole number of 0 or more, not "-1"',
			],
			[
				'a fractional retry delay',
				{ to: '+15551234567', options: { retryDelay: 1.5 } },
				'Retry Delay (Seconds) must be a whole number of 0 or more, not "1.5"',
			],
		])('%s', async (_case, parameters, message) => {
			const { error } = await runOperation(
				server(),
				{ ...base, ...parameters },
				{ items: pdfItem() },
			);
			expect(error?.message).toBe(message);
			expect(apiRequests(server())).toHaveLength(0);
		});
	});

	it('maps a refused upload to a clear error and creates no fax', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, forCorporateMember: true, userId: 'owner_1', to: '+15551234567' },
			{
				items: itemWith({ data: binaryOf(PDF, 'application/pdf', 'a.pdf') }),
				token: server().tokens.patMember,
			},
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/invalid_user_id/);
		expect(apiRequests(server()).map((r) => r.path)).toEqual(['/v3/accounts/owner_1/files']);
		expect(Object.keys(server().state.outbox)).toEqual(['outbox_1']);
	});

	it('refreshes an expired OAuth2 token and uploads the whole file again', async () => {
		const result = await runFaxPlusNode({
			parameters: { authentication: 'oAuth2', ...base, to: '+15551234567' },
			credentials: oauthCredentials(server(), server().tokens.oauthExpiredAccessToken),
			items: itemWith({ data: binaryOf(PDF, 'application/pdf', 'a.pdf') }),
		});
		expect(result.error).toBeUndefined();
		expect(server().requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /v3/accounts/self/files 401',
			'POST /oauth/token 200',
			'POST /v3/accounts/self/files 200',
			'POST /v3/accounts/self/outbox 201',
		]);
		const retried = server().requests[2];
		expect(retried.headers.authorization).not.toBe(
			`Bearer ${server().tokens.oauthExpiredAccessToken}`,
		);
		expect(uploadedParts(retried)[0].data.equals(WRITTEN)).toBe(true);
		expect(result.items[0].json.to).toBe('+15551234567');
	});

	it('sends national and 00 numbers from a form with the Default Country Code, as "+" numbers', async () => {
		const items = await runOk(
			server(),
			{ ...base, to: '030 1234567, 0033 1 44 55 66 77', options: { defaultCountryCode: '49' } },
			{ items: itemWith({ data: binaryOf(PDF, 'application/pdf', 'a.pdf') }) },
		);
		const outbox = apiRequests(server()).find((r) => r.path === '/v3/accounts/self/outbox');
		expect(outbox?.body.to).toEqual(['+49301234567', '+33144556677']);
		expect(items.map((item) => item.json.to)).toEqual(['+49301234567', '+33144556677']);
	});

	it.each(['0', '49abc', '999'])(
		'refuses the Default Country Code "%s", naming it, before sending anything',
		async (code) => {
			const { error } = await runOperation(
				server(),
				{ ...base, to: '030 1234567', options: { defaultCountryCode: code } },
				{ items: itemWith({ data: binaryOf(PDF, 'application/pdf', 'a.pdf') }) },
			);
			expect(error?.message).toBe(
				`Default Country Code must be a country calling code, e.g. 49 for Germany or 1 for the US and Canada, not "${code}"`,
			);
			expect(apiRequests(server())).toHaveLength(0);
		},
	);

	it('continues with the next item when one fails and Continue On Fail is set', async () => {
		const items = await runOk(
			server(),
			{ ...base, to: '={{ $json.fax }}' },
			{
				continueOnFail: true,
				items: [
					...itemWith({ data: binaryOf(PDF, 'application/pdf', 'a.pdf') }, { fax: '555' }),
					...itemWith({ data: binaryOf(PDF, 'application/pdf', 'b.pdf') }, { fax: '+15551234567' }),
				],
			},
		);
		expect(items[0].json.error).toMatch(/^To: "555" has no country code/);
		expect(items[1].json.to).toBe('+15551234567');
		expect(apiRequests(server())).toHaveLength(2);
	});
});
