// Send's document sources other than binary fields: text, URLs, an existing fax (from_fax).
import type { IDataObject } from 'n8n-workflow';
import {
	apiRequests,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
	type RecordedRequest,
} from '../../../../support/faxplus';
import { FaxPlus } from '../../../../../nodes/FaxPlus/FaxPlus.node';
import { writtenPdf } from '../../../shared/documentReader/support/written';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DOCUMENT_PDF, DOCUMENT_TEXT } = require('../../../../server/documents') as {
	DOCUMENT_PDF: Buffer;
	DOCUMENT_TEXT: Buffer;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TIFF } = require('../../../../server/media') as { TIFF: Buffer };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parseMultipart } = require('../../../../server/multipart') as {
	parseMultipart: (
		raw: Buffer,
		contentType: string,
	) => { files: Array<{ name: string; filename: string; contentType: string; data: Buffer }> };
};

// The local document host is on loopback, which Send refuses: allowed as a user would allow an internal server.
// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- test code: n8n reads its allow list from the environment
process.env.N8N_SSRF_ALLOWED_IP_RANGES = '127.0.0.1/32';

function uploadedPart(request: RecordedRequest) {
	return parseMultipart(request.rawBody, String(request.headers['content-type'])).files[0];
}

/** The requests to the document host (`/_documents/...`), as "METHOD path status". */
function documentRequests(requests: RecordedRequest[]): string[] {
	return requests
		.filter((r) => r.path.startsWith('/_documents/'))
		.map((r) => `${r.method} ${r.path} ${r.status}`);
}

describe('Fax → Send: document sources', () => {
	const server = useFaxPlusServer();
	const base = {
		resource: 'fax',
		operation: 'send',
		userId: 'self',
		from: '+15551230001',
		to: '+15551234567',
	};

	it('offers Binary Fields (the default, as before), Text, URLs and Existing Fax, each with its own parameter', () => {
		const properties = new FaxPlus().description.properties;
		const source = properties.find((p) => p.name === 'documentSource');
		expect(source).toMatchObject({
			type: 'options',
			default: 'binary',
			displayOptions: { show: { resource: ['fax'], operation: ['send'] } },
		});
		expect(source?.options?.map((o) => (o as { value: string }).value)).toEqual([
			'binary',
			'text',
			'url',
			'fax',
		]);
		const shownFor = (name: string) =>
			properties.find((p) => p.name === name && p.displayOptions?.show?.operation?.includes('send'))
				?.displayOptions?.show?.documentSource;
		expect(shownFor('binaryPropertyNames')).toEqual(['binary']);
		expect(shownFor('documentText')).toEqual(['text']);
		expect(shownFor('documentUrls')).toEqual(['url']);
		expect(shownFor('fromFax')).toEqual(['fax']);
		expect(properties.find((p) => p.name === 'fromFax')?.modes?.[0].typeOptions).toEqual({
			searchListMethod: 'searchFaxes',
			searchable: true,
		});
	});

	describe('Text', () => {
		it.each<AuthKind>(['pat', 'oauth'])(
			'uploads the text as a UTF-8 TXT document, then sends it (%s)',
			async (auth) => {
				const text = 'Dear Dr. Müller,\nplease find the results below.\n— Ada';
				const items = await runOk(
					server(),
					{ ...base, documentSource: 'text', documentText: text },
					{ auth },
				);
				const [upload, outbox, ...rest] = apiRequests(server());
				expect(rest).toEqual([]);
				expect(`${upload.method} ${upload.path}`).toBe('POST /v3/accounts/self/files');
				expect(upload.query).toEqual({ format: 'pdf' });
				expect(upload.body.files).toEqual([
					{
						name: 'fax_file',
						filename: 'fax.txt',
						contentType: 'text/plain',
						size: Buffer.byteLength(text),
					},
				]);
				expect(uploadedPart(upload).data.toString('utf8')).toBe(text);
				const [path] = Object.keys(server().state.files).filter(
					(p) => p !== '/storage/seed-document.pdf',
				);
				expect(server().state.files[path]).toMatchObject({
					filename: 'fax.txt',
					contentType: 'text/plain',
					format: 'pdf',
				});
				expect(`${outbox.method} ${outbox.path} ${outbox.status}`).toBe(
					'POST /v3/accounts/self/outbox 201',
				);
				expect(outbox.body).toEqual({
					from: '+15551230001',
					to: ['+15551234567'],
					files: [path],
					return_ids: true,
				});
				// Counted as every other source is (issue 88): 3 short lines, one page.
				expect(items[0].json).toEqual({
					outboxFaxId: expect.any(String),
					to: '+15551234567',
					from: '+15551230001',
					queuedAt: expect.any(String),
					pages: 1,
				});
			},
		);

		it('refuses an empty text before any request', async () => {
			const { error } = await runOperation(server(), {
				...base,
				documentSource: 'text',
				documentText: '  \n ',
			});
			expect(error?.message).toBe('Text is required');
			expect(server().requests).toHaveLength(0);
		});
	});

	describe('URLs', () => {
		const url = (name: string) => `${server().origin}/_documents/${name}`;

		it('fetches each document, checks it, uploads it with its own type, then sends them in order', async () => {
			const items = await runOk(server(), {
				...base,
				documentSource: 'url',
				documentUrls: `${url('invoice.pdf')}?signature=secret,\n${url('scan.tiff')} , ${url('note.txt')}\n${url('download')}`,
			});
			const requests = server().requests.map(
				(r) => `${r.method} ${r.path} ${JSON.stringify(r.query)}`,
			);
			expect(requests).toEqual([
				'GET /_documents/invoice.pdf {"signature":"secret"}',
				'GET /_documents/scan.tiff {}',
				'GET /_documents/note.txt {}',
				'GET /_documents/download {}',
				'POST /v3/accounts/self/files {"format":"pdf"}',
				'POST /v3/accounts/self/files {"format":"tiff"}',
				'POST /v3/accounts/self/files {"format":"pdf"}',
				'POST /v3/accounts/self/files {"format":"pdf"}',
				'POST /v3/accounts/self/outbox {}',
			]);
			const uploads = apiRequests(server()).slice(0, 4);
			expect(uploads.map((r) => [r.body.files[0].filename, r.body.files[0].contentType])).toEqual([
				['invoice.pdf', 'application/pdf'],
				['scan.tiff', 'image/tiff'],
				['note.txt', 'text/plain'],
				['report.pdf', 'application/pdf'],
			]);
			expect(uploadedPart(uploads[0]).data.equals(await writtenPdf(DOCUMENT_PDF))).toBe(true);
			expect(uploadedPart(uploads[1]).data.equals(TIFF)).toBe(true);
			expect(uploadedPart(uploads[2]).data.equals(DOCUMENT_TEXT)).toBe(true);
			expect(apiRequests(server())[4].body).toEqual({
				from: '+15551230001',
				to: ['+15551234567'],
				files: [expect.any(String), expect.any(String), expect.any(String), expect.any(String)],
				return_ids: true,
			});
			expect(JSON.stringify(items)).not.toContain('secret');
		});

		it('connects to the address it checked for a host name, keeping the name in the Host header', async () => {
			const named = `http://localhost:${server().port}/_documents/invoice.pdf`;
			const items = await runOk(server(), { ...base, documentSource: 'url', documentUrls: named });
			const [fetched] = server().requests.filter((r) => r.path.startsWith('/_documents/'));
			expect(fetched.headers.host).toBe(`localhost:${server().port}`);
			const outboxFax = server().state.outbox[items[0].json.outboxFaxId as string];
			expect(server().state.files[outboxFax.files[0]]).toMatchObject({ filename: 'invoice.pdf' });
		});

		it('takes a list of URLs from an expression (an array), e.g. from an AI tool', async () => {
			await runOk(server(), {
				...base,
				documentSource: 'url',
				documentUrls: `={{ ["${url('invoice.pdf')}", "${url('note.txt')}"] }}`,
			});
			expect(documentRequests(server().requests)).toEqual([
				'GET /_documents/invoice.pdf 200',
				'GET /_documents/note.txt 200',
			]);
			expect(apiRequests(server()).map((r) => r.path)).toEqual([
				'/v3/accounts/self/files',
				'/v3/accounts/self/files',
				'/v3/accounts/self/outbox',
			]);
		});

		describe('refuses, naming the URL without its query, and uploads nothing', () => {
			it.each<[string, string, RegExp]>([
				[
					'a type Fax.Plus cannot fax',
					'archive.zip',
					/^Document URLs: http:\/\/127\.0\.0\.1:\d+\/_documents\/archive\.zip is not a type Fax\.Plus can fax$/,
				],
				[
					'a Content-Type that contradicts the ".pdf" name',
					'login.pdf?token=abc',
					/^Document URLs: http:\/\/127\.0\.0\.1:\d+\/_documents\/login\.pdf is not a type Fax\.Plus can fax$/,
				],
				[
					'an empty document',
					'empty.pdf',
					/^Document URLs: http:\/\/127\.0\.0\.1:\d+\/_documents\/empty\.pdf answered an empty document$/,
				],
				[
					'an address that answers 404',
					'missing.pdf?token=abc',
					/^Document URLs: could not fetch http:\/\/127\.0\.0\.1:\d+\/_documents\/missing\.pdf \(HTTP 404\)$/,
				],
				[
					'a Content-Length above 150 MB, before reading the body',
					'huge.pdf',
					/^Document URLs: the documents add up to more than 150 MB \(http:\/\/127\.0\.0\.1:\d+\/_documents\/huge\.pdf: 150\.0 MB\)$/,
				],
			])('%s', async (_case, name, message) => {
				const { error } = await runOperation(server(), {
					...base,
					documentSource: 'url',
					documentUrls: url(name),
				});
				expect(error?.message).toMatch(message);
				expect(error?.message).not.toContain('token');
				expect(apiRequests(server())).toHaveLength(0);
			});

			it('an invalid document after a good one: nothing of the first is uploaded either', async () => {
				const { error } = await runOperation(server(), {
					...base,
					documentSource: 'url',
					documentUrls: `${url('invoice.pdf')}\n${url('archive.zip')}`,
				});
				expect(error?.message).toMatch(/archive\.zip is not a type/);
				expect(documentRequests(server().requests)).toEqual([
					'GET /_documents/invoice.pdf 200',
					'GET /_documents/archive.zip 200',
				]);
				expect(apiRequests(server())).toHaveLength(0);
			});
		});

		it.each<[string, IDataObject, string]>([
			['no URL', { documentUrls: ' , \n ' }, 'Document URLs is required'],
			[
				'an address that is not http(s)',
				{ documentUrls: 'ftp://example.com/a.pdf' },
				'Document URLs: "ftp://example.com/a.pdf" is not an http(s) URL',
			],
			[
				'words instead of an address',
				{ documentUrls: 'my invoice' },
				'Document URLs: "my invoice" is not an http(s) URL',
			],
			[
				'11 URLs',
				{
					documentUrls: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}.pdf`).join(
						'\n',
					),
				},
				'Document URLs names 11 documents; Fax.Plus takes at most 10 per fax',
			],
		])('refuses %s before any request', async (_case, parameters, message) => {
			const { error } = await runOperation(server(), {
				...base,
				documentSource: 'url',
				...parameters,
			});
			expect(error?.message).toBe(message);
			expect(server().requests).toHaveLength(0);
		});
	});

	describe('Existing Fax (from_fax)', () => {
		it.each<AuthKind>(['pat', 'oauth'])(
			're-sends a fax with from_fax and an empty files list, uploading nothing (%s)',
			async (auth) => {
				const items = await runOk(
					server(),
					{
						...base,
						to: '+33144556677',
						documentSource: 'fax',
						fromFax: { __rl: true, mode: 'list', value: 'fax_4' },
						options: { enhancement: false },
					},
					{ auth },
				);
				const [outbox, ...rest] = apiRequests(server());
				expect(rest).toEqual([]);
				expect(`${outbox.method} ${outbox.path} ${outbox.status}`).toBe(
					'POST /v3/accounts/self/outbox 201',
				);
				expect(outbox.query).toEqual({});
				expect(outbox.body).toEqual({
					from: '+15551230001',
					to: ['+33144556677'],
					files: [],
					options: { enhancement: false },
					return_ids: true,
					from_fax: 'fax_4',
				});
				const id = items[0].json.outboxFaxId as string;
				expect(server().state.outbox[id]).toMatchObject({
					to: ['+33144556677'],
					files: ['/storage/fax-fax_4.pdf'],
				});
				expect(items[0].json).toEqual({
					outboxFaxId: id,
					to: '+33144556677',
					from: '+15551230001',
					queuedAt: expect.any(String),
					fromFax: 'fax_4',
				});
			},
		);

		it('forwards a received fax of a member, by ID, to several numbers', async () => {
			const items = await runOk(server(), {
				...base,
				forCorporateMember: true,
				userId: 'member_1',
				from: 'no_number',
				to: '+4930123456, +33144556677',
				documentSource: 'fax',
				fromFax: { __rl: true, mode: 'id', value: ' fax_6 ' },
			});
			expect(apiRequests(server()).map((r) => `${r.method} ${r.path}`)).toEqual([
				'POST /v3/accounts/member_1/outbox',
			]);
			expect(apiRequests(server())[0].body).toMatchObject({ from_fax: 'fax_6', files: [] });
			expect(items.map((item) => item.json.to)).toEqual(['+4930123456', '+33144556677']);
		});

		it("passes on Fax.Plus's refusal of a fax that is not the user's", async () => {
			const { error } = await runOperation(server(), {
				...base,
				documentSource: 'fax',
				fromFax: { __rl: true, mode: 'id', value: 'fax_6' },
			});
			expect(error?.message).toMatch(/bad_request/);
			expect(apiRequests(server()).map((r) => `${r.path} ${r.status}`)).toEqual([
				'/v3/accounts/self/outbox 400',
			]);
		});

		it('refuses an empty fax ID before any request', async () => {
			const { error } = await runOperation(server(), {
				...base,
				documentSource: 'fax',
				fromFax: { __rl: true, mode: 'id', value: '={{ "" }}' },
			});
			expect(error?.message).toMatch(/Fax to Send Again/);
			expect(server().requests).toHaveLength(0);
		});
	});

	it("sends the comment's tags (the SDK's OutboxComment), with or without its text", async () => {
		await runOk(server(), {
			...base,
			documentSource: 'text',
			documentText: 'x',
			options: { comment: 'Batch 7', commentTags: ' invoices, urgent ,invoices' },
		});
		expect(apiRequests(server()).at(-1)!.body.comment).toEqual({
			text: 'Batch 7',
			tags: ['invoices', 'urgent'],
		});
		server().clearRequests();
		await runOk(server(), {
			...base,
			documentSource: 'text',
			documentText: 'x',
			options: { commentTags: 'urgent' },
		});
		expect(apiRequests(server()).at(-1)!.body.comment).toEqual({ tags: ['urgent'] });
	});
});
