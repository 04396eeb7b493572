// The bytes decide a document's type: what Send counts (Max Pages, `pages`) and the type it uploads
// (MIME type, file name extension, format), whatever the item's file name or MIME type says.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { kindOf } from '../../../../nodes/shared/documentReader/documentKind';
import {
	countedDocument,
	documentInMemory,
	documentType,
	uploadFileName,
	uploadFormatOf,
} from '../../../../nodes/FaxPlus/fax/send/documents';
import { readDocument } from '../../../../nodes/shared/documentReader';
import { expectLinear } from '../../../support/linear';
import {
	apiRequests,
	runOk,
	runOperation,
	useFaxPlusServer,
	type RecordedRequest,
} from '../../../support/faxplus';
import { pdfLibPages, pdfLibPdf } from './support/pdf';
import { pdfinfoPages } from './support/written';
import { useProcessedDataStore } from '../../../support/processed-data';

const pagesOf = async (counted: Parameters<typeof readDocument>[0]) =>
	(await readDocument(counted)).pages;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TIFF } = require('../../../server/media') as { TIFF: Buffer };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sendParameters } = require('../../../support/send-parameters') as {
	sendParameters: (overrides?: IDataObject) => IDataObject;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { gifImage, pngImage } = require('../../../support/images') as {
	gifImage: (frames: number) => Buffer;
	pngImage: (width?: number, height?: number) => Buffer;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parseMultipart } = require('../../../server/multipart') as {
	parseMultipart: (
		raw: Buffer,
		contentType: string,
	) => { files: Array<{ filename: string; contentType: string; data: Buffer }> };
};

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const DOCX = Buffer.from('PK\u0003\u0004word/document.xml');

const item = (data: Buffer, mimeType: string, fileName: string): INodeExecutionData[] => [
	{
		json: {},
		binary: { data: { data: data.toString('base64'), mimeType, fileName } },
	} as unknown as INodeExecutionData,
];

/** A classic-table PDF after `junk`, its offsets moved as a mail gateway that adds a line would have to. */
function withJunkBefore(pdf: Buffer, junk: string): Buffer {
	const shift = (offset: string) => String(Number(offset) + junk.length);
	const text = pdf
		.toString('latin1')
		.replace(
			/^(\d{10}) (\d{5}) n/gm,
			(_, offset: string, generation: string) =>
				`${shift(offset).padStart(10, '0')} ${generation} n`,
		)
		.replace(/startxref\s+(\d+)/, (_, offset: string) => `startxref\n${shift(offset)}`);
	return Buffer.from(junk + text, 'latin1');
}

/** The uploads the server received: file name, Content-Type, format and bytes. */
function uploads(requests: RecordedRequest[]) {
	return requests
		.filter((r) => r.path === '/v3/accounts/self/files')
		.map((r) => {
			const [part] = parseMultipart(r.rawBody, String(r.headers['content-type'])).files;
			return {
				filename: part.filename,
				contentType: part.contentType,
				format: r.query.format,
				data: part.data,
			};
		});
}

describe('the kind of a document, from its first bytes', () => {
	it.each([
		['a PDF', Buffer.from('%PDF-1.7\n'), 'image/png', 'pdf'],
		['a PDF after other bytes', Buffer.from('junk\r\n%PDF-1.4\n'), 'image/png', 'maybePdf'],
		['a little-endian TIFF', Buffer.from('II*\0\x08\0\0\0', 'latin1'), 'application/pdf', 'tiff'],
		['a big-endian TIFF', Buffer.from('MM\0*\0\0\0\x08', 'latin1'), 'text/plain', 'tiff'],
		['a PNG', pngImage(), 'application/pdf', 'png'],
		['a JPEG', JPEG, 'image/png', 'jpeg'],
		['a GIF', gifImage(1), 'application/pdf', 'gif'],
		['a DOCX named as text', DOCX, 'text/plain', 'other'],
		['an RTF named as text', Buffer.from('{\\rtf1 Hello}'), 'text/plain', 'other'],
		['HTML named as text', Buffer.from('\ufeff \n<!DOCTYPE html><p>Hi'), 'text/plain', 'other'],
		['text', Buffer.from('BMW, report\n'), 'text/plain', 'text'],
		[
			'text named as a PDF (a PDF if its structure reads)',
			Buffer.from('Hello'),
			'application/pdf',
			'maybePdf',
		],
		[
			'a PDF after 1024 other bytes',
			Buffer.from(`${' '.repeat(1024)}%PDF-1.7`),
			'text/plain',
			'maybePdf',
		],
		[
			'a PDF after 64 KB of text',
			Buffer.from(`${'a\n'.repeat(32 * 1024)}%PDF-1.7`),
			'text/plain',
			'text',
		],
	])('%s', (_case, bytes, label, kind) => {
		expect(kindOf(bytes, label)).toBe(kind);
	});

	it('reads a BMP only with its header, not any text starting "BM"', () => {
		const bmp = Buffer.alloc(54);
		bmp.write('BM', 0, 'latin1');
		bmp.writeUInt32LE(54, 2);
		bmp.writeUInt32LE(40, 14);
		expect(kindOf(bmp, 'application/pdf')).toBe('bmp');
		expect(kindOf(Buffer.from('BMW annual report, 2026, page by page'), 'text/plain')).toBe('text');
	});

	it('takes a PDF after a line of junk as a PDF, counted and written plain from `%PDF-`, else leaves it to its label', async () => {
		const doc = (data: Buffer, mimeType: string) =>
			documentInMemory({ field: 'data', fileName: 'note.txt', mimeType, format: 'pdf' }, data);
		const junk = withJunkBefore(await pdfLibPdf(3, false), 'From a mail gateway\r\n');
		const counted = await countedDocument(doc(junk, 'text/plain'));
		expect(counted.pages).toBe(3);
		expect(counted.document).toMatchObject({ mimeType: 'application/pdf', fileName: 'note.pdf' });
		const written: Buffer[] = [];
		for await (const piece of await counted.document.open()) written.push(Buffer.from(piece));
		expect(Buffer.concat(written).subarray(0, 5).toString()).toBe('%PDF-');
		expect(Buffer.concat(written).length).toBe(counted.document.size);
		const aboutPdf = await countedDocument(
			doc(Buffer.from('Every PDF starts with %PDF-1.7.'), 'text/plain'),
		);
		expect(aboutPdf.pages).toBeUndefined();
		expect(aboutPdf.document).toMatchObject({ mimeType: 'text/plain', fileName: 'note.txt' });
	});

	it('counts the frames of a GIF, the images of a TIFF, one page for a PNG or JPEG', async () => {
		const pages = async (data: Buffer) =>
			(
				await countedDocument(
					documentInMemory(
						{ field: 'data', fileName: 'a.pdf', mimeType: 'application/pdf', format: 'pdf' },
						data,
					),
				)
			).pages;
		expect(await pages(gifImage(1))).toBe(1);
		expect(await pages(gifImage(7))).toBe(7);
		expect(await pages(TIFF)).toBe(1);
		expect(await pages(pngImage())).toBe(1);
		expect(await pages(JPEG)).toBe(1);
		// Damaged: a block no GIF has; cut short after a frame, what was read counts.
		const seven = gifImage(7);
		expect(
			await pages(Buffer.concat([seven.subarray(0, -1), Buffer.from([0x99])])),
		).toBeUndefined();
		expect(await pages(seven.subarray(0, 40))).toBe(1);
	});

	it('stops counting GIF frames at 100,000, in time linear in the file: a forged file costs no more', async () => {
		const frames = (count: number) => {
			const gif = gifImage(1);
			// A frame of the fewest bytes: an image descriptor, its LZW code size and an empty chain.
			const frame = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 0]);
			return Buffer.concat([
				gif.subarray(0, 19),
				...Array.from({ length: count }, () => frame),
				Buffer.from([0x3b]),
			]);
		};
		const pages = async (data: Buffer) =>
			await pagesOf(
				documentInMemory(
					{ field: 'data', fileName: 'a.gif', mimeType: 'image/gif', format: 'pdf' },
					data,
				),
			);
		expect(await pages(frames(200_000))).toBe(100_000);
		await expectLinear(frames, async (gif) => expect(await pages(gif)).toBeGreaterThan(0), 100);
	});

	it('counts a text only up to the most pages asked, reading no further: 20 MB under 2 pages reads 64 KB', async () => {
		const text = Buffer.from('a line of text\n'.repeat(1_400_000));
		let read = 0;
		const document = {
			...documentInMemory(
				{ field: 'data', fileName: 'a.txt', mimeType: 'text/plain', format: 'pdf' },
				text,
			),
			open: async () =>
				(async function* () {
					for (let at = 0; at < text.length; at += 64 * 1024) {
						read += 64 * 1024;
						yield text.subarray(at, at + 64 * 1024);
					}
				})(),
		};
		expect(await countedDocument(document, 3)).toMatchObject({ pages: 3, cut: true });
		expect(read).toBe(64 * 1024);
		const whole = await countedDocument(document);
		expect(whole.pages).toBe(Math.ceil(1_400_000 / 45));
		expect(whole.cut).toBeUndefined();
	});

	it('opens a document once to read its type and count it, and closes what it does not read', async () => {
		const pdf = await pdfLibPdf(3);
		let opens = 0;
		let closed = 0;
		const pieces = (data: Buffer) =>
			documentInMemory(
				{ field: 'data', fileName: 'a', mimeType: 'image/png', format: 'pdf' },
				data,
			);
		const counting = (data: Buffer) => ({
			...pieces(data),
			open: async () => {
				opens++;
				return (async function* () {
					try {
						for (let at = 0; at < data.length; at += 100) yield data.subarray(at, at + 100);
					} finally {
						closed++;
					}
				})();
			},
		});
		expect((await countedDocument(counting(pdf))).pages).toBe(3);
		expect(opens).toBeGreaterThanOrEqual(1);
		expect(closed).toBe(opens);
		[opens, closed] = [0, 0];
		expect(
			(await countedDocument(counting(Buffer.concat([pngImage(), Buffer.alloc(100_000)])))).pages,
		).toBe(1);
		expect([opens, closed]).toEqual([1, 1]);
	});
});

/** A 300-page PDF with `%PDF-` after `junkBytes` of junk (a classic table, its offsets moved so readers need no rebuild). */
async function pdfAfterJunk(junkBytes: number): Promise<Buffer> {
	return withJunkBefore(await pdfLibPdf(300, false), `%${'junk '.repeat(junkBytes / 5)}\n`);
}

/** An RTF of 1,000 pages (`\\page`), after a space: no `{\\rtf` at its first byte. */
const RTF = Buffer.from(` {\\rtf1\\ansi ${'x\\page '.repeat(1000)}}`);
/** HTML of a 5,000-inch block and 200 page breaks: its style makes the pages, not its text. */
const HTML = Buffer.from(
	`<body><div style="height:5000in">x</div>${'<p style="page-break-after:always">p</p>'.repeat(200)}</body>`,
);

// The adversary review of issue 87: a text/plain label (a Form Trigger's upload
// sets name and type) made a PDF, HTML or RTF "text", counted as such and uploaded under its own name.
describe('a text/plain label with a name of another type', () => {
	const counted = async (fileName: string, mimeType: string, data: Buffer) => {
		const type = documentType(fileName, mimeType)!;
		return await countedDocument(
			documentInMemory(
				{
					field: 'data',
					fileName: uploadFileName(fileName, 'data', type.extension),
					mimeType: type.mimeType,
					format: uploadFormatOf(type.extension),
				},
				data,
			),
		);
	};

	it('a PDF whose %PDF- comes after 1 KB, posted as invoice.pdf, text/plain: counted and uploaded as the PDF it is', async () => {
		const data = await pdfAfterJunk(1100);
		expect(data.indexOf('%PDF-')).toBeGreaterThan(1024);
		expect(await pdfLibPages(data)).toBe(300);
		const { document, pages } = await counted('invoice.pdf', 'text/plain', data);
		// d5cb8d7: 2 pages (as text), uploaded as invoice.pdf.
		expect(pages).toBe(300);
		expect(document).toMatchObject({
			fileName: 'invoice.pdf',
			mimeType: 'application/pdf',
			format: 'pdf',
		});
	});

	it('a PDF after 64 KB of junk, as invoice.pdf, text/plain: counted as text, so uploaded as invoice.txt', async () => {
		const { document, pages } = await counted(
			'invoice.pdf',
			'text/plain',
			await pdfAfterJunk(70_000),
		);
		expect(pages).toBeGreaterThan(1);
		expect(document).toMatchObject({
			fileName: 'invoice.txt',
			mimeType: 'text/plain',
			format: 'pdf',
		});
	});

	it.each([
		['page.html', HTML],
		['letter.rtf', RTF],
		['letter.doc', Buffer.concat([Buffer.from('\ufeff'), RTF])],
	])('%s, text/plain: counted as text only if uploaded as text', async (fileName, data) => {
		const { document, pages } = await counted(fileName, 'text/plain', data);
		// d5cb8d7: 5 pages for the HTML, 3 for the RTF, uploaded under their own names.
		expect(pages).toBeGreaterThan(0);
		expect(document).toMatchObject({
			fileName: fileName.replace(/\.\w+$/, '.txt'),
			mimeType: 'text/plain',
			format: 'pdf',
		});
	});
});

describe('Fax → Send: the bytes decide the type', () => {
	const server = useFaxPlusServer();
	const base = sendParameters();
	const pdfs: Record<string, Buffer> = {};
	beforeAll(async () => {
		pdfs.three = await pdfLibPdf(3);
		pdfs.fiveHundred = await pdfLibPdf(500);
	});

	it.each([
		['image/png', 'big.pdf'],
		['image/jpeg', 'big.pdf'],
		['image/png', 'big.png'],
	])(
		'counts a 500-page PDF labelled %s and named %s as 500 pages: refused under Max Pages 100, nothing uploaded',
		async (mimeType, fileName) => {
			const { error } = await runOperation(
				server(),
				{ ...base, options: { maxPages: 100 } },
				{ items: item(pdfs.fiveHundred, mimeType, fileName) },
			);
			expect(error?.message).toBe('The documents have 500 pages, more than Max Pages (100)');
			expect(apiRequests(server())).toEqual([]);
		},
	);

	/** Sends the items (under Max Pages, if given): the output's pages and the upload the server received. */
	const sentUnder = async (maxPages: number | undefined, items: INodeExecutionData[]) => {
		const from = server().requests.length;
		const options = maxPages === undefined ? {} : { options: { maxPages } };
		const [sent] = await runOk(server(), { ...base, ...options }, { items });
		return { pages: sent.json.pages, upload: uploads(server().requests.slice(from))[0] };
	};

	it('sends the same PDF labelled image/png under Max Pages 500, as a PDF, pages: 500', async () => {
		const { pages, upload } = await sentUnder(500, item(pdfs.fiveHundred, 'image/png', 'big.png'));
		expect(pages).toBe(500);
		expect(upload).toMatchObject({
			filename: 'big.pdf',
			contentType: 'application/pdf',
			format: 'pdf',
		});
		// The upload is the PDF the node wrote from its reading: poppler counts the pages counted.
		expect(upload.data.equals(pdfs.fiveHundred)).toBe(false);
		expect(pdfinfoPages(upload.data)).toEqual({ pages: 500, warnings: '' });
	});

	it('sends a real PNG as one page with Content-Type image/png, even when it is labelled a PDF', async () => {
		const png = pngImage(200, 100);
		for (const [mimeType, fileName] of [
			['image/png', 'scan.png'],
			['application/pdf', 'scan.pdf'],
		]) {
			const { pages, upload } = await sentUnder(1, item(png, mimeType, fileName));
			expect(pages).toBe(1);
			expect(upload).toMatchObject({
				filename: 'scan.png',
				contentType: 'image/png',
				format: 'pdf',
			});
			expect(upload.data.equals(png)).toBe(true);
		}
	});

	it('sends a 3-page PDF with pages: 3, and refuses it under Max Pages 2', async () => {
		const invoice = item(pdfs.three, 'application/pdf', 'invoice.pdf');
		const { pages, upload } = await sentUnder(3, invoice);
		expect(pages).toBe(3);
		expect(upload).toMatchObject({ filename: 'invoice.pdf', contentType: 'application/pdf' });
		const before = apiRequests(server()).length;
		const { error } = await runOperation(
			server(),
			{ ...base, options: { maxPages: 2 } },
			{ items: invoice },
		);
		expect(error?.message).toBe('The documents have 3 pages, more than Max Pages (2)');
		expect(apiRequests(server())).toHaveLength(before);
	});

	it('counts a GIF by its frames and uploads a TIFF named .pdf as a TIFF', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, options: { maxPages: 4 } },
			{ items: item(gifImage(5), 'image/gif', 'animation.gif') },
		);
		expect(error?.message).toBe('The documents have 5 pages, more than Max Pages (4)');
		expect(apiRequests(server())).toEqual([]);
		const { pages, upload } = await sentUnder(undefined, item(TIFF, 'application/pdf', 'fax.pdf'));
		expect(pages).toBe(1);
		expect(upload).toMatchObject({
			filename: 'fax.tiff',
			contentType: 'image/tiff',
			format: 'tiff',
		});
	});

	describe('a file whose bytes are not the type its label says', () => {
		/** Refused under Max Pages 100 as a document that cannot be counted, before any request. */
		const refusedUncounted = async (items: INodeExecutionData[], fileName: string) => {
			const { error } = await runOperation(
				server(),
				{ ...base, options: { maxPages: 100 } },
				{ items },
			);
			expect(error?.message).toBe(
				`Max Pages: the pages of "${fileName}" cannot be counted before sending`,
			);
			expect(apiRequests(server())).toEqual([]);
			return error;
		};

		it('cannot be counted: refused under Max Pages, sent as labelled without it', async () => {
			const notPdf = item(
				Buffer.from('<html>Sign in first</html>'),
				'application/pdf',
				'report.pdf',
			);
			expect((await refusedUncounted(notPdf, 'report.pdf'))?.description).toContain(
				'read from the file',
			);
			const { pages, upload } = await sentUnder(undefined, notPdf);
			expect(pages).toBeUndefined();
			expect(upload).toMatchObject({ filename: 'report.pdf', contentType: 'application/pdf' });
		});

		it('a Word file named as text is not counted as text', async () => {
			await refusedUncounted(item(DOCX, 'text/plain', 'letter.txt'), 'letter.txt');
		});
	});

	describe('text is counted', () => {
		const twoMegabytes = 'The quick brown fox jumps over the lazy dog. '.repeat(46_604);
		// A tool's send keeps its key in n8n's processed-data store.
		beforeEach(() => useProcessedDataStore());

		it('refuses 2 MB in the Text source under Max Pages 1, nothing sent; a line of text is sent with pages: 1', async () => {
			const { error } = await runOperation(server(), {
				...base,
				documentSource: 'text',
				documentText: twoMegabytes,
				options: { maxPages: 1 },
			});
			expect(error?.message).toBe(
				'The documents have more than 1 page, the most Max Pages (1) allows',
			);
			expect(apiRequests(server())).toEqual([]);
			const [sent] = await runOk(server(), {
				...base,
				documentSource: 'text',
				documentText: 'Hello',
				options: { maxPages: 1 },
			});
			expect(sent.json.pages).toBe(1);
			expect(uploads(apiRequests(server()))[0]).toMatchObject({
				filename: 'fax.txt',
				contentType: 'text/plain',
			});
		});

		it('refuses 2 MB of text from an AI agent (Max Pages 100 when not set); its short text is sent with pages', async () => {
			const asTool = (documentText: string) =>
				runOperation(
					server(),
					{ ...base, agentMayRun: true, documentSource: 'text', documentText },
					{ asTool: true },
				);
			const { error } = await asTool(twoMegabytes);
			expect(error?.message).toBe(
				'The documents have more than 100 pages, the most Max Pages (100) allows',
			);
			expect(apiRequests(server())).toEqual([]);
			const short = await asTool('Hello');
			expect(short.error).toBeUndefined();
			expect(apiRequests(server()).map((r) => r.path)).toContain('/v3/accounts/self/outbox');
		});

		it('refuses 100,000 lines ended by U+2028 (line separator, 2,223 pages) in the Text source under Max Pages 1000, nothing sent', async () => {
			const { error } = await runOperation(server(), {
				...base,
				documentSource: 'text',
				documentText: 'a\u2028'.repeat(100_000),
				options: { maxPages: 1000 },
			});
			// d5cb8d7: 112 pages (one word of 300,000 columns), sent.
			expect(error?.message).toBe(
				'The documents have more than 1000 pages, the most Max Pages (1000) allows',
			);
			expect(apiRequests(server())).toEqual([]);
		});

		it.each([
			// d5cb8d7: 75 pages (read as bytes), sent.
			[
				'a UTF-16 text (its byte order mark) of 100,000 U+2028',
				1000,
				Buffer.from(`\ufeff${'\u2028'.repeat(100_000)}`, 'utf16le'),
			],
			// d5cb8d7: 23 pages, sent.
			[
				'a text not UTF-8, each byte a character (89 pages)',
				50,
				Buffer.alloc(120_000, Buffer.from([0xf0, 0x89, 0x89, 0x89])),
			],
		])('refuses %s under Max Pages %i, nothing sent', async (_case, maxPages, text) => {
			const { error } = await runOperation(
				server(),
				{ ...base, options: { maxPages } },
				{ items: item(text, 'text/plain', 'notes.txt') },
			);
			expect(error?.message).toBe(
				`The documents have more than ${maxPages} pages, the most Max Pages (${maxPages}) allows`,
			);
			expect(apiRequests(server())).toEqual([]);
		});

		it('refuses a 300-page PDF after 1 KB of junk, labelled invoice.pdf, text/plain, under Max Pages 100, nothing sent', async () => {
			const { error } = await runOperation(
				server(),
				{ ...base, options: { maxPages: 100 } },
				{ items: item(await pdfAfterJunk(1100), 'text/plain', 'invoice.pdf') },
			);
			// d5cb8d7: 2 pages (as text), sent as invoice.pdf.
			expect(error?.message).toBe('The documents have 300 pages, more than Max Pages (100)');
			expect(apiRequests(server())).toEqual([]);
		});

		it('uploads what it counts as text as text: HTML and RTF labelled text/plain go as .txt, text/plain', async () => {
			for (const [fileName, data, sentAs] of [
				['page.html', HTML, 'page.txt'],
				['letter.rtf', RTF, 'letter.txt'],
				['notes', Buffer.from('Hello'), 'notes.txt'],
			] as const) {
				const { pages, upload } = await sentUnder(100, item(data, 'text/plain', fileName));
				expect(pages).toBeGreaterThan(0);
				expect(upload).toMatchObject({
					filename: sentAs,
					contentType: 'text/plain',
					format: 'pdf',
				});
				expect(upload.data.equals(data)).toBe(true);
			}
		});

		it('refuses a 2 MB text file under Max Pages 1, nothing sent; a short one is sent with pages: 1', async () => {
			const { error } = await runOperation(
				server(),
				{ ...base, options: { maxPages: 1 } },
				{ items: item(Buffer.from(twoMegabytes), 'text/plain', 'notes.txt') },
			);
			expect(error?.message).toBe(
				'The documents have more than 1 page, the most Max Pages (1) allows',
			);
			expect(apiRequests(server())).toEqual([]);
			const [sent] = await runOk(
				server(),
				{ ...base, options: { maxPages: 1 } },
				{ items: item(Buffer.from('Hello\nWorld\n'), 'text/plain', 'notes.txt') },
			);
			expect(sent.json.pages).toBe(1);
		});
	});
});
