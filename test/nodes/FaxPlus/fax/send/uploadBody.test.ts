/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Send's upload: the bytes Fax.Plus receives are the document's, streamed from n8n's binary
// store and opened again when the upload is sent again (a 429, an OAuth2 refresh).
import { createHash, randomBytes } from 'node:crypto';
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData, IDataObject, INodeExecutionData } from 'n8n-workflow';
import { startFaxPlusServer, type FaxPlusServer } from '../../../../server';
import {
	apiRequests,
	filesSent,
	runOk,
	runOperation,
	type AuthKind,
} from '../../../../support/faxplus';
import { initBinaryData } from '../../../../support/n8n-harness';
import { uploadFileName } from '../../../../../nodes/FaxPlus/fax/send/documents';
import { buildPdf } from '../../../shared/documentReader/support/pdf-build';
import { writtenPdf } from '../../../shared/documentReader/support/written';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { makePdf } = require('../../../../server/media') as { makePdf: (lines: string[]) => Buffer };

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A document as n8n keeps it outside memory (filesystem mode, n8n 2.x's default): the item's binary has an `id`. */
async function storedBinary(
	data: Buffer,
	mimeType: string,
	fileName?: string,
): Promise<IDataObject> {
	await initBinaryData();
	const binary = await Container.get(BinaryDataService).store(
		{ type: 'execution', workflowId: 'test-workflow', executionId: 'upload-test' },
		data,
		{ mimeType, fileName, data: '' } as IBinaryData,
	);
	expect(binary.id).toBeTruthy();
	return binary as unknown as IDataObject;
}

/** A document as n8n keeps it in memory (its memory mode, n8n 1.x's default): base64 in the item. */
function inMemoryBinary(data: Buffer, mimeType: string, fileName?: string): IDataObject {
	return { data: data.toString('base64'), mimeType, fileName, bytes: data.length };
}

function items(binary: Record<string, IDataObject>): INodeExecutionData[] {
	return [{ json: {}, binary } as unknown as INodeExecutionData];
}

function storedFiles(server: FaxPlusServer, paths: string[]) {
	return paths.map((path) => server.state.files[path]);
}

describe('Fax → Send: streamed uploads', () => {
	// The clock of the server's rate limit: a test moves it to open the next second's window.
	let clockMs = Date.now();
	let server: FaxPlusServer;
	beforeAll(async () => {
		server = await startFaxPlusServer({ port: 0, now: () => clockMs });
	});
	beforeEach(() => server.reset());
	afterAll(async () => await server?.close());

	const base = {
		resource: 'fax',
		operation: 'send',
		userId: 'self',
		from: '+15551230001',
		to: '+15551234567',
	};
	// A page whose content is 3 MB of data: the PDF the reader writes copies it from the store as it uploads.
	const document = buildPdf(
		[
			[1, '<< /Type /Catalog /Pages 2 0 R >>'],
			[2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
			[3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>'],
			[4, { dict: '<< >>', data: randomBytes(3 * 1024 * 1024 + 7) }],
		],
		{ root: 1 },
	);
	/** What Send uploads for `document`: the PDF the reader wrote from it. */
	let sent: Buffer;
	beforeAll(async () => {
		sent = await writtenPdf(document);
		expect(sent.length).toBeGreaterThan(3 * 1024 * 1024);
	});

	it.each<AuthKind>(['pat', 'oauth'])(
		'uploads a document n8n stores on disk byte for byte, with its Content-Length (%s)',
		async (auth) => {
			const binary = await storedBinary(document, 'application/pdf', 'record.pdf');
			const result = await runOk(server, base, { auth, items: items({ data: binary }) });
			const [upload] = apiRequests(server);
			expect(upload.status).toBe(200);
			expect(Number(upload.headers['content-length'])).toBe(upload.rawBody.length);
			expect(upload.headers['transfer-encoding']).toBeUndefined();
			expect(storedFiles(server, filesSent(server, result[0]))).toEqual([
				expect.objectContaining({
					filename: 'record.pdf',
					size: sent.length,
					sha256: sha256(sent),
				}),
			]);
		},
	);

	it.each(['path', 'file_path'] as const)(
		"sends the file the upload answered, whether Fax.Plus names it path (the SDK's model) or file_path (its prose): %s",
		async (uploadAnswer) => {
			server.setReadings({ uploadAnswer });
			const pdf = makePdf(['One page']);
			const result = await runOk(server, base, {
				items: items({ data: inMemoryBinary(pdf, 'application/pdf', 'one.pdf') }),
			});
			const [upload, send] = apiRequests(server);
			expect(`${upload.method} ${upload.path} ${upload.status}`).toBe(
				'POST /v3/accounts/self/files 200',
			);
			const stored = Object.values(server.state.files).filter(
				(file) => file.filename === 'one.pdf',
			);
			expect(stored).toHaveLength(1);
			expect(send.body.files).toEqual([stored[0].path]);
			expect(send.status).toBe(201);
			expect(filesSent(server, result[0])).toEqual([stored[0].path]);
		},
	);

	it.each<[string, typeof storedBinary]>([
		['from the store', storedBinary],
		["decoded again from n8n's base64", async (...args) => inMemoryBinary(...args)],
	])('sends the document again %s when the upload is answered 429', async (_case, binaryOf) => {
		const second = Buffer.concat([makePdf(['Second']), randomBytes(1024 * 1024)]);
		const binaries = {
			first: await binaryOf(document, 'application/pdf', 'first.pdf'),
			second: await binaryOf(second, 'application/pdf', 'second.pdf'),
		};
		// One request per second on a clock that stands still: the second upload is refused until
		// the clock moves, which it does once that 429 is answered.
		let answered = 0;
		clockMs = Date.now();
		server.setNetwork({ rateLimit: { requestsPerSecond: 1, retryAfterSeconds: 1 } });
		const moveClockAfter429 = setInterval(() => {
			const refused = apiRequests(server).filter((r) => r.status === 429).length;
			if (refused > answered) {
				answered = refused;
				clockMs += 1000;
			}
		}, 20);
		try {
			const result = await runOk(
				server,
				{ ...base, binaryPropertyNames: 'first, second' },
				{ items: items(binaries) },
			);
			expect(apiRequests(server).map((r) => `${r.path} ${r.status}`)).toEqual([
				'/v3/accounts/self/files 200',
				'/v3/accounts/self/files 429',
				'/v3/accounts/self/files 200',
				'/v3/accounts/self/outbox 429',
				'/v3/accounts/self/outbox 201',
			]);
			expect(storedFiles(server, filesSent(server, result[0]))).toEqual([
				expect.objectContaining({ filename: 'first.pdf', sha256: sha256(sent) }),
				expect.objectContaining({
					filename: 'second.pdf',
					sha256: sha256(await writtenPdf(second)),
				}),
			]);
		} finally {
			clearInterval(moveClockAfter429);
		}
	});

	it.each<[string, () => Promise<IDataObject>]>([
		['stored on disk', async () => await storedBinary(document, 'application/pdf', 'record.pdf')],
		['in memory', async () => inMemoryBinary(document, 'application/pdf', 'record.pdf')],
	])(
		'sends a document %s again after an OAuth2 token refresh (n8n resends the request, the body is opened again)',
		async (_case, binary) => {
			server.expireAccessTokens(server.tokens.oauthAccessToken);
			const result = await runOk(server, base, {
				auth: 'oauth',
				items: items({ data: await binary() }),
			});
			expect(apiRequests(server).map((r) => `${r.path} ${r.status}`)).toEqual([
				'/v3/accounts/self/files 401',
				'/v3/accounts/self/files 200',
				'/v3/accounts/self/outbox 201',
			]);
			expect(storedFiles(server, filesSent(server, result[0]))).toEqual([
				expect.objectContaining({ size: sent.length, sha256: sha256(sent) }),
			]);
		},
	);

	it.each<[string, (data: Buffer) => string]>([
		['as n8n writes it', (data) => data.toString('base64')],
		[
			'with line breaks every 76 characters',
			(data) => data.toString('base64').replace(/.{76}/g, '$&\r\n'),
		],
		['URL-safe without padding', (data) => data.toString('base64url')],
	])(
		'uploads a document n8n keeps in memory, base64 %s, byte for byte with its Content-Length',
		async (_case, encode) => {
			const binary = { ...inMemoryBinary(document, 'application/pdf', 'record.pdf') };
			binary.data = encode(document);
			const result = await runOk(server, base, { items: items({ data: binary }) });
			const [upload] = apiRequests(server);
			expect(Number(upload.headers['content-length'])).toBe(upload.rawBody.length);
			expect(storedFiles(server, filesSent(server, result[0]))).toEqual([
				expect.objectContaining({ size: sent.length, sha256: sha256(sent) }),
			]);
		},
	);

	it("uploads a body n8n's Webhook node named by a bare UUID under that name with the extension of its type", async () => {
		const uuid = '3f2c1b0a-7d6e-4c5b-9a8f-1e2d3c4b5a69';
		const result = await runOk(server, base, {
			items: items({ data: await storedBinary(document, 'application/pdf', uuid) }),
		});
		expect(storedFiles(server, filesSent(server, result[0]))).toEqual([
			expect.objectContaining({ filename: `${uuid}.pdf`, sha256: sha256(sent) }),
		]);
	});

	it('refuses a stored document whose size makes the fax larger than 150 MB before any request', async () => {
		const binary = await storedBinary(Buffer.from('%PDF-1.4 small'), 'application/pdf', 'a.pdf');
		const { error } = await runOperation(server, base, {
			items: items({ data: { ...binary, bytes: 151 * 1024 * 1024 } }),
		});
		expect(error?.message).toBe(
			'Input Binary Fields: the files add up to 151.0 MB; Fax.Plus takes at most 150 MB per fax',
		);
		expect(server.requests).toHaveLength(0);
	});
});

describe('the name a document is uploaded under', () => {
	it.each([
		['letter.pdf', 'pdf', 'letter.pdf'],
		['LETTER.PDF', 'pdf', 'LETTER.PDF'],
		['scan.tif', 'tiff', 'scan.tif'],
		['3f2c1b0a-7d6e-4c5b-9a8f-1e2d3c4b5a69', 'pdf', '3f2c1b0a-7d6e-4c5b-9a8f-1e2d3c4b5a69.pdf'],
		['report.final', 'pdf', 'report.final.pdf'],
		['scan.pdf', 'tiff', 'scan.tiff'],
		['photo.jpeg', 'jpg', 'photo.jpeg'],
		['', 'pdf', 'data.pdf'],
		[undefined, 'txt', 'data.txt'],
	])('%s (a %s document) → %s', (name, extension, expected) => {
		expect(uploadFileName(name, 'data', extension)).toBe(expected);
	});
});
