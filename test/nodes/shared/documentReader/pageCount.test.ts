/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// Pages of a document counted before upload: Max Pages and Send's `pages`. A PDF's count is read
// from its structure and compared with pdf-lib's, over PDFs real producers wrote.
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { documentInMemory, type FaxDocument } from '../../../../nodes/FaxPlus/fax/send/documents';
import { readDocument } from '../../../../nodes/shared/documentReader';
import { expectLinear } from '../../../support/linear';
import {
	appendUpdate,
	lastSection,
	pdfFixture,
	pdfLibPages,
	pdfLibPdf,
	structureOf,
	type PdfStructure,
	type UpdateOptions,
} from './support/pdf';
import { passwordProtected } from './support/pdf-crafted';
import { qpdfCheck, writtenPdf } from './support/written';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { makePdf, TIFF } = require('../../../server/media') as {
	makePdf: (lines: string[]) => Buffer;
	TIFF: Buffer;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pngImage } = require('../../../support/images') as {
	pngImage: (width?: number, height?: number) => Buffer;
};

const pagesOf = async (counted: FaxDocument) => (await readDocument(counted)).pages;
const document = (data: Buffer, mimeType: string) =>
	documentInMemory({ field: 'data', fileName: 'a', mimeType, format: 'pdf' }, data);
const pdfPages = async (pdf: Buffer) => await pagesOf(document(pdf, 'application/pdf'));
/** Why the PDF cannot be counted (undefined: it is counted). */
const refusalOf = async (pdf: Buffer) =>
	(await readDocument(document(pdf, 'application/pdf'))).refused;
/** Counted `pages`, and written plain: its own reader counts the same in what it wrote, qpdf finds nothing. */
async function expectWrittenPlain(pdf: Buffer, pages: number) {
	expect(await pdfPages(pdf)).toBe(pages);
	const written = await writtenPdf(pdf);
	expect(await pdfPages(written)).toBe(pages);
	expect(qpdfCheck(written).status).toBe(0);
}
const kids = ({ pages }: PdfStructure, extra: number[] = []) =>
	`[${[...pages, ...extra].map((number) => `${number} 0 R`).join(' ')}]`;

/** The document as n8n's binary store hands it over: in 64 KiB pieces; `reads` counts its opens. */
function streamed(pdf: Buffer): FaxDocument & { reads: number } {
	const counted = {
		...document(pdf, 'application/pdf'),
		reads: 0,
		open: async () => {
			counted.reads++;
			return (async function* () {
				for (let at = 0; at < pdf.length; at += 64 * 1024) yield pdf.subarray(at, at + 64 * 1024);
			})();
		},
	};
	return counted;
}

describe('PDF page count, read from the structure as pdf-lib reads it', () => {
	it('counts pdf-lib PDFs of 1 to 500 pages, with object streams and with classic tables', async () => {
		for (const pages of [1, 2, 3, 7, 49, 50, 51, 120, 500]) {
			for (const objectStreams of [true, false]) {
				const pdf = await pdfLibPdf(pages, objectStreams);
				expect([pages, objectStreams, await pdfPages(pdf)]).toEqual([
					pages,
					objectStreams,
					await pdfLibPages(pdf),
				]);
			}
		}
	});

	it.each([
		['pdf-lib-five-pages.pdf', 5],
		['qpdf-object-streams.pdf', 5],
		['qpdf-linearized.pdf', 5],
		['mutool-incremental.pdf', 6],
		['mutool-incremental-object-streams.pdf', 6],
	])(
		'counts %s (test/nodes/shared/documentReader/fixtures/) as pdf-lib does: %d',
		async (name, pages) => {
			const pdf = pdfFixture(name);
			expect(await pdfLibPages(pdf)).toBe(pages);
			expect(await pdfPages(pdf)).toBe(pages);
			expect(await pagesOf(streamed(pdf))).toBe(pages);
		},
	);

	it("counts the local server's one-page PDF; a table whose lines end in one byte is rebuilt from the headers", async () => {
		expect(await pdfPages(makePdf(['One page']))).toBe(1);
		const pdf = await pdfLibPdf(3, false);
		const [table, trailer] = [pdf.lastIndexOf('\nxref') + 1, pdf.lastIndexOf('trailer')];
		const entries = pdf.toString('latin1', table, trailer).replaceAll(' \n', '\n');
		const short = Buffer.concat([
			pdf.subarray(0, table),
			Buffer.from(entries),
			pdf.subarray(trailer),
		]);
		expect(short.length).toBeLessThan(pdf.length);
		// An entry is 20 bytes: the table does not read, and the rebuild finds every object.
		await expectWrittenPlain(short, 3);
		expect(await pdfLibPages(short)).toBe(3);
	});

	describe.each([['table'], ['stream'], ['hybrid']] as const)(
		'an incremental update with a %s cross-reference',
		(form) => {
			it('counts a page the update rewrites once, and a page it adds', async () => {
				for (const objectStreams of [true, false]) {
					const pdf = await pdfLibPdf(3, objectStreams);
					const structure = await structureOf(pdf);
					const [first] = structure.pages;
					const page = `<< /Type /Page /Parent ${structure.pagesRoot} 0 R /MediaBox [0 0 612 792] /Annots [] >>`;
					const rewritten = appendUpdate(pdf, structure, { [first]: page }, { form });
					// A hybrid's new definition in an object stream: the table's free entry gives way to it.
					await expectWrittenPlain(rewritten, 3);
					expect(await pdfLibPages(rewritten)).toBe(3);

					const next = await structureOf(rewritten);
					const added = next.size;
					const grown = appendUpdate(
						rewritten,
						next,
						{
							[added]: page,
							[next.pagesRoot]: `<< /Type /Pages /Kids ${kids(next, [added])} /Count 4 >>`,
						},
						{ form },
					);
					expect(await pdfPages(grown)).toBe(4);
					expect(await pdfLibPages(grown)).toBe(4);
				}
			});

			it('reads an indirect /Count', async () => {
				const pdf = await pdfLibPdf(3);
				const structure = await structureOf(pdf);
				const count = structure.size + 5;
				const updated = appendUpdate(
					pdf,
					structure,
					{
						[count]: '3',
						[structure.pagesRoot]: `<< /Type /Pages /Kids ${kids(structure)} /Count ${count} 0 R >>`,
					},
					{ form },
				);
				expect(await pdfPages(updated)).toBe(3);
				expect(await pdfLibPages(updated)).toBe(3);
			});
		},
	);

	it('is not moved by a page object outside the tree, nor by objects after %%EOF', async () => {
		const pdf = await pdfLibPdf(500);
		const marker =
			'\n9999 0 obj << /Type /Page >> endobj\n9998 0 obj << /Type /Pages /Count 1 >> endobj\n';
		const appended = Buffer.concat([pdf, Buffer.from(marker.repeat(3))]);
		await expectWrittenPlain(appended, 500);
		expect(await pdfLibPages(appended)).toBe(500);

		const small = await pdfLibPdf(3);
		const structure = await structureOf(small);
		const outside = appendUpdate(small, structure, {
			[structure.size]: `<< /Type /Page /Parent ${structure.pagesRoot} 0 R >>`,
		});
		expect(await pdfPages(outside)).toBe(3);
		expect(await pdfLibPages(outside)).toBe(3);
	});

	it('rebuilds a /Prev loop from the headers', async () => {
		const pdf = await pdfLibPdf(3, false);
		const structure = await structureOf(pdf);
		const update = { [structure.pages[0]]: `<< /Type /Page /Parent ${structure.pagesRoot} 0 R >>` };
		// The document's own trailer names the update after it as its /Prev.
		let looped = pdf;
		for (let prev = 0; prev !== lastSection(looped);) {
			prev = lastSection(looped);
			looped = appendUpdate(replaced(pdf, '/Root', `/Prev ${prev} /Root`), structure, update);
		}
		expect(looped.includes(`/Prev ${lastSection(looped)} /Root`)).toBe(true);
		await expectWrittenPlain(looped, 3);
		const itself = appendUpdate(pdf, structure, update, { prev: 'self' });
		await expectWrittenPlain(itself, 3);
	});

	it('counts the leaves, whatever /Count says: 9 repeated 400 times, or 40 over one page', async () => {
		const pdf = await pdfLibPdf(1);
		const structure = await structureOf(pdf);
		const forged = appendUpdate(pdf, structure, {
			[structure.pagesRoot]: `<< /Type /Pages /Kids ${kids(structure)} /Count ${'9'.repeat(400)} >>`,
		});
		await expectWrittenPlain(forged, 1);
		// The written root's /Count is the leaves': no reader of it sees 40.
		const above = appendUpdate(pdf, structure, {
			[structure.pagesRoot]: `<< /Type /Pages /Kids ${kids(structure)} /Count 40 >>`,
		});
		await expectWrittenPlain(above, 1);
	});

	it.each([
		['a /Count of -1', async () => await withCount('-1')],
		['a /Count of 2.5', async () => await withCount('2.5')],
		['a /Count that is a string', async () => await withCount('(3)')],
		['no /Count', async () => await withCount('')],
	])('counts %s by its leaves, and writes /Count 3', async (_case, make) => {
		await expectWrittenPlain(await make(), 3);
	});

	describe('damaged: rebuilt from the headers, counted and written plain', () => {
		it.each([
			[
				'a table with no entries left',
				async () => replaced(await pdfLibPdf(7, false), '\nxref\n', '\nxref\n0 0\n%'),
			],
			[
				'no table at all, its trailer kept',
				async () => {
					const pdf = await pdfLibPdf(7, false);
					const table = pdf.lastIndexOf('\nxref');
					return Buffer.concat([
						pdf.subarray(0, table + 1),
						pdf.subarray(pdf.lastIndexOf('trailer')),
					]);
				},
			],
			[
				'a /Prev to nowhere',
				async () => {
					const pdf = await pdfLibPdf(7, false);
					const structure = await structureOf(pdf);
					return appendUpdate(
						pdf,
						structure,
						{ [structure.pages[0]]: `<< /Type /Page /Parent ${structure.pagesRoot} 0 R >>` },
						{ prev: 5 },
					);
				},
			],
			[
				'a startxref to nowhere',
				async () => replaced(await pdfLibPdf(7, false), `startxref\n`, 'startxref\n1'),
			],
			[
				'object streams and a startxref to nowhere: the cross-reference stream found by its /XRef',
				async () => replaced(await pdfLibPdf(7), 'startxref\n', 'startxref\n1'),
			],
			[
				'a trailer dictionary that does not parse',
				async () =>
					replaced(
						replaced(await pdfLibPdf(7, false), 'startxref\n', 'startxref\n1'),
						'/Root',
						'/Junk [>> /Root',
					),
			],
			[
				'stream lengths that refer to each other',
				async () => {
					const pdf = await pdfLibPdf(7);
					const structure = await structureOf(pdf);
					return appendUpdate(pdf, structure, {
						[structure.size + 1]: `<< /Length ${structure.size + 2} 0 R >>\nstream\nx\nendstream`,
						[structure.size + 2]: `<< /Length ${structure.size + 1} 0 R >>\nstream\ny\nendstream`,
						[structure.pagesRoot]: `<< /Type /Pages /Kids ${kids(structure)} /Count ${structure.size + 1} 0 R >>`,
					});
				},
			],
			[
				'no cross-reference and no trailer, an object holding /Root',
				async () => {
					const pdf = await pdfLibPdf(7, false);
					const { root } = await structureOf(pdf);
					const end = Buffer.from(`999 0 obj\n<< /Root ${root} 0 R >>\nendobj\n`);
					return Buffer.concat([pdf.subarray(0, pdf.lastIndexOf('\nxref') + 1), end]);
				},
			],
			['no /Root anywhere', async () => replaced(await pdfLibPdf(7, false), '/Root', '/Roob')],
			[
				'an object stream whose /Type is not /ObjStm',
				async () => replaced(await pdfLibPdf(7), '/Type /ObjStm', '/Type /Potato'),
			],
			[
				"a catalog's last key without a value",
				async () => replaced(await pdfLibPdf(7, false), '/Pages 1 0 R', '/Pages 1 0 R /Odd'),
			],
			['no `%PDF-`, labelled a PDF', async () => replaced(await pdfLibPdf(7, false), '%PDF-', '%')],
			// Each before the definitions, which moves them: the chain does not read, the rebuild does.
			['a string holding `>> stream`', async () => await first('<< /T (a >> stream\nb) >>')],
			['a comment holding `>> stream`', async () => await first('<< >>\n% >> stream\n')],
			[
				'a parenthesis left open: its string ends at `endobj`',
				async () => await first('<< /T (a ( b\\) >> stream\n>>'),
			],
			[
				'a /Length past the data and its `endstream`: the data ends at the first `endstream` in it',
				async () => await first('<< /Length 300 >>\nstream\nx\nendstream'),
			],
			[
				'a /Length one byte past the data (`endendstream`)',
				async () => await first('<< /Length 4 >>\nstream\nendendstream'),
			],
			[
				'a /Length past the end of the document',
				async () => await first('<< /Length 9999999 >>\nstream\nx\nendstream'),
			],
		])('%s', async (_case, make) => {
			const pdf = await make();
			await expectWrittenPlain(pdf, 7);
		});
	});

	it("counts a PDF whose empty password is the owner's, written decrypted; one that needs a password is refused", async () => {
		const pdf = await passwordProtected('');
		await expectWrittenPlain(pdf, 7);
		expect((await writtenPdf(pdf)).includes('/Encrypt')).toBe(false);
		expect(await refusalOf(await passwordProtected('owner'))).toBe('encrypted');
	});

	it('cannot count a PDF whose /Encrypt names a handler other than the standard one', async () => {
		const pdf = replaced(
			await pdfLibPdf(7, false),
			'/Root',
			'/Encrypt << /Filter /Unknown >> /Root',
		);
		expect(await refusalOf(pdf)).toBe('encrypted');
	});

	it.each([
		[
			'crypt filters it does not name',
			'/Filter /Standard /V 4 /R 4 /StmF /StdCF /O <00> /U <00> /P -4',
		],
		['a revision it does not know', '/Filter /Standard /V 9 /R 9 /O <00> /U <00> /P -4'],
		['an /O and /U of no length', '/Filter /Standard /V 2 /R 3 /Length 128 /O <> /U <> /P -4'],
	])(
		'cannot count a PDF whose /Encrypt it cannot use (%s): it is never read as plain',
		async (_case, entries) => {
			const pdf = replaced(await pdfLibPdf(7, false), '/Root', `/Encrypt << ${entries} >> /Root`);
			expect(await refusalOf(pdf)).toBe('encrypted');
		},
	);

	it('cannot count a PDF that names /Encrypt where no trailer reads: its catalog is not read as plain', async () => {
		const entries = '/Filter /Standard /V 2 /R 3 /Length 128 /O <00> /U <00> /P -4';
		const pdf = replaced(await pdfLibPdf(7, false), '/Root', `/Encrypt << ${entries} >> /Lost`);
		expect(await refusalOf(pdf)).toBe('encrypted');
	});

	describe('cannot be counted', () => {
		it.each([
			[
				'no structure',
				async () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Page >> endobj\n%%EOF\n'),
			],
			[
				'garbage',
				async () => Buffer.from(Array.from({ length: 5000 }, (_, at) => (at * 7919) % 256)),
			],
			[
				'no page in the tree and no /Count',
				async () => replaced(await withCount(''), '/Kids [', '/Kids [] /X ['),
			],
			[
				'a filter its data is not in',
				async () =>
					replaced(
						await pdfLibPdf(3),
						'/FlateDecode\n/Type /ObjStm',
						'/LZWDecode  \n/Type /ObjStm',
					),
			],
		])('%s', async (_case, make) => {
			expect(await pdfPages(await make())).toBeUndefined();
		});

		it('a document cut anywhere counts the pages it still holds, or none, and writes what it counts', async () => {
			for (const objectStreams of [true, false]) {
				const pdf = await pdfLibPdf(2, objectStreams);
				for (let end = 0; end < pdf.length; end += 3) {
					const cut = pdf.subarray(0, end);
					const pages = await pdfPages(cut);
					expect([undefined, 1, 2]).toContain(pages);
					if (pages !== undefined) expect(await pdfPages(await writtenPdf(cut))).toBe(pages);
				}
			}
		});
	});

	describe('bounded', () => {
		it('stops decoding a stream past 4 MB: a zip bomb or a padded object stream holding the page tree root', async () => {
			// 8 MB of an image: a document whose budget allows 8 MB decoded.
			const pdf = await pdfLibPdf(3, true, 8 * 1024 * 1024);
			const structure = await structureOf(pdf);
			const root = `<< /Type /Pages /Kids ${kids(structure)} /Count 3 >>`;
			const inObjectStream = (objectStreamData: Buffer) =>
				appendUpdate(
					pdf,
					structure,
					{ [structure.pagesRoot]: root },
					{ form: 'hybrid', objectStreamData },
				);
			// The root alone, then padded: 3 MB is read, 5 MB is past the bound of one stream.
			const padded = (megabytes: number) =>
				inObjectStream(
					deflateSync(`${structure.pagesRoot} 0\n${root}\n${' '.repeat(megabytes * 1024 * 1024)}`),
				);
			expect(await pdfLibPages(padded(0))).toBe(3);
			expect(await pdfPages(padded(0))).toBe(3);
			expect(await pdfPages(padded(3))).toBe(3);
			expect(await pdfPages(padded(5))).toBeUndefined();
			// 32 MB of zeros, deflated to 32 KB.
			expect(
				await pdfPages(inObjectStream(deflateSync(Buffer.alloc(32 * 1024 * 1024)))),
			).toBeUndefined();
		});

		it("decodes what the document's size allows: 3 MB of object stream in a 10 KB document is past it", async () => {
			const pdf = await pdfLibPdf(3);
			const structure = await structureOf(pdf);
			const root = `<< /Type /Pages /Kids ${kids(structure)} /Count 3 >>`;
			const padded = appendUpdate(
				pdf,
				structure,
				{ [structure.pagesRoot]: root },
				{
					form: 'hybrid',
					objectStreamData: deflateSync(
						`${structure.pagesRoot} 0\n${root}\n${' '.repeat(3 * 1024 * 1024)}`,
					),
				},
			);
			expect(padded.length).toBeLessThan(16 * 1024);
			expect(await pdfLibPages(padded)).toBe(3);
			expect(await pdfPages(padded)).toBeUndefined();
		});

		it('charges what cross-reference streams decode, predictor output and rows included: one of 1.5 MB is read, two are not', async () => {
			const pdf = await pdfLibPdf(3, true, 8 * 1024 * 1024);
			const structure = await structureOf(pdf);
			const page = `<< /Type /Page /Parent ${structure.pagesRoot} 0 R >>`;
			const options: UpdateOptions = { form: 'stream', freeRows: (1.5 * 1024 * 1024) / 8 };
			const once = appendUpdate(pdf, structure, { [structure.pages[0]]: page }, options);
			expect(await pdfPages(once)).toBe(3);
			// 1.5 MB inflated, 1.3 MB out of the predictor and 196,608 rows at 8 units, twice.
			const twice = appendUpdate(once, structure, { [structure.pages[0]]: page }, options);
			expect(await pdfPages(twice)).toBeUndefined();
		});

		it('refuses nesting deeper than 100 without exhausting the stack', async () => {
			const pdf = await pdfLibPdf(3);
			const structure = await structureOf(pdf);
			const nested = (depth: number) =>
				appendUpdate(pdf, structure, {
					[structure.root]: `<< /Type /Catalog /Pages ${structure.pagesRoot} 0 R /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>`,
				});
			expect(await pdfPages(nested(100))).toBe(3);
			expect(await pdfPages(nested(101))).toBeUndefined();
			expect(await pdfPages(nested(100_000))).toBeUndefined();
		});

		it('reads a PDF whose structure is around 12 MB of images once', async () => {
			for (const objectStreams of [true, false]) {
				const pdf = await pdfLibPdf(120, objectStreams, 12 * 1024 * 1024);
				const large = streamed(pdf);
				expect(await pagesOf(large)).toBe(120);
				expect(await pdfLibPages(pdf)).toBe(120);
				expect(large.reads).toBe(1);
			}
		});

		it('reads a document once where its pages lie between large streams, /Count or not', async () => {
			const doc = await PDFDocument.create();
			doc.context.register(doc.context.stream(Buffer.alloc(3 * 1024 * 1024, 'x')));
			for (let page = 0; page < 40; page++) doc.addPage();
			doc.context.register(doc.context.stream(Buffer.alloc(3 * 1024 * 1024, 'y')));
			const pdf = Buffer.from(await doc.save({ useObjectStreams: false }));
			// The pages lie between the streams' data, which the read skips: kept, found, walked.
			const middle = streamed(pdf);
			expect(await pagesOf(middle)).toBe(40);
			expect(middle.reads).toBe(1);
			const structure = await structureOf(pdf);
			const noCount = appendUpdate(pdf, structure, {
				[structure.pagesRoot]: `<< /Type /Pages /Kids ${kids(structure)} /Count 0 >>`,
			});
			const counted = streamed(noCount);
			expect(await pagesOf(counted)).toBe(40);
			expect(counted.reads).toBe(1);
		});

		it('reads a document of updates 1 MB apart once, its sections wherever they are', async () => {
			const pdf = await pdfLibPdf(3, false);
			const structure = await structureOf(pdf);
			const page = `<< /Type /Page /Parent ${structure.pagesRoot} 0 R >>`;
			// Updates 1 MB apart: each section is kept as the read passes it.
			const spread = (updates: number) => {
				const filler = Buffer.from(`%${' '.repeat(1024 * 1024)}\n`);
				let spreadPdf = pdf;
				for (let update = 0; update < updates; update++)
					spreadPdf = appendUpdate(Buffer.concat([spreadPdf, filler]), structure, {
						[structure.pages[0]]: page,
					});
				return spreadPdf;
			};
			const ten = streamed(spread(10));
			expect(await pagesOf(ten)).toBe(3);
			expect(ten.reads).toBe(1);
			// 15 MB of comments kept is within the budget (a unit per 3 bytes kept), 20 MB is not.
			const fifteen = streamed(spread(15));
			expect(await pagesOf(fifteen)).toBe(3);
			expect(fifteen.reads).toBe(1);
		});
	});

	it('a parenthesis left open before 30 MB of stream data: the string ends at `endobj`, the data is skipped, not kept', async () => {
		const data = 30 * 1024 * 1024;
		const stream = `1001 0 obj\n<< /Length ${data} >>\nstream\n${'x'.repeat(data)}\nendstream`;
		expect(await pdfPages(await first(`<< /T (open >>\nendobj\n${stream}`))).toBe(7);
	});

	it('a page whose content holds `endstream` across 64 KB pieces: its data ends at its /Length, written whole', async () => {
		const pdf = await pdfLibPdf(1, false);
		const structure = await structureOf(pdf);
		const data = `% endstream\n${'0 0 m\n'.repeat(40_000)}% endstream\nendobj`;
		const page = `<< /Type /Page /Parent ${structure.pagesRoot} 0 R /Contents ${structure.size} 0 R >>`;
		const updated = appendUpdate(pdf, structure, {
			[structure.pages[0]]: page,
			[structure.size]: `<< /Length ${data.length} >>\nstream\n${data}\nendstream`,
		});
		expect(await pdfPages(updated)).toBe(1);
		expect((await writtenPdf(updated)).includes(data)).toBe(true);
	});

	it('reads sections 28 MB in once, two updates or eight; 28 MB of comment is past the 24 MB kept', async () => {
		const pdf = await pdfLibPdf(3, false);
		const structure = await structureOf(pdf);
		const page = `<< /Type /Page /Parent ${structure.pagesRoot} 0 R >>`;
		// 28 MB of an image's data (skipped) or of a comment (kept), then updates, then 2.5 MB more.
		const image = (megabytes: number) => {
			const length = megabytes * 1024 * 1024;
			return `<< /Length ${length} >>\nstream\n${' '.repeat(length)}\nendstream`;
		};
		const deep = (updates: number, padding?: string) => {
			let deepPdf = padding
				? Buffer.concat([pdf, Buffer.from(padding)])
				: appendUpdate(pdf, structure, { [structure.size]: image(28) });
			for (let update = 0; update < updates; update++)
				deepPdf = appendUpdate(deepPdf, structure, { [structure.pages[0]]: page });
			return appendUpdate(deepPdf, structure, {
				[structure.size + 1]: image(2.5),
				[structure.pages[0]]: page,
			});
		};
		expect(await pagesOf(streamed(deep(2, `%${' '.repeat(28 * 1024 * 1024)}\n`)))).toBeUndefined();
		const two = streamed(deep(2));
		expect(await pagesOf(two)).toBe(3);
		expect(two.reads).toBe(1);
		const eight = streamed(deep(8));
		expect(await pagesOf(eight)).toBe(3);
		expect(eight.reads).toBe(1);
	});

	it('reads in time linear in the document: long words, strings, arrays, dictionaries, comments', async () => {
		const pdf = await pdfLibPdf(1);
		const structure = await structureOf(pdf);
		const withJunk = (size: number) =>
			appendUpdate(pdf, structure, {
				[structure.root]: `<< /Type /Catalog /Pages ${structure.pagesRoot} 0 R /A [${'1 '.repeat(size)}] /S (${'\\('.repeat(size)}) /N /${'a'.repeat(size)} /D << ${'/K 0 '.repeat(size)}>> /X <${'0'.repeat(size)}> >>\n%${'%'.repeat(size)}`,
			});
		await expectLinear(withJunk, async (junk) => expect(await pdfPages(junk)).toBe(1), 1000);
	});
});

async function withCount(count: string): Promise<Buffer> {
	const pdf = await pdfLibPdf(3);
	const structure = await structureOf(pdf);
	return appendUpdate(pdf, structure, {
		[structure.pagesRoot]: `<< /Type /Pages /Kids ${kids(structure)}${count ? ` /Count ${count}` : ''} >>`,
	});
}

/** A 7-page PDF with object 1000, `body`, before its first object. */
async function first(body: string): Promise<Buffer> {
	const pdf = await pdfLibPdf(7, false);
	const at = pdf.indexOf('\n1 0 obj') + 1;
	const object = Buffer.from(`1000 0 obj\n${body}\nendobj\n`, 'latin1');
	return Buffer.concat([pdf.subarray(0, at), object, pdf.subarray(at)]);
}
function replaced(pdf: Buffer, from: string, to: string): Buffer {
	const at = pdf.lastIndexOf(from);
	if (at < 0) throw new Error(`no ${from}`);
	return Buffer.concat([
		pdf.subarray(0, at),
		Buffer.from(to, 'latin1'),
		pdf.subarray(at + from.length),
	]);
}

describe('Page count of TIFFs and images', () => {
	it('stops counting an image chain at 100,000 pages: a forged file costs no more', async () => {
		// 200,000 image directories of no entries, each pointing to the next.
		const chain = Buffer.alloc(8 + 200_000 * 6);
		chain.write('II', 0, 'latin1');
		chain.writeUInt16LE(42, 2);
		chain.writeUInt32LE(8, 4);
		for (let i = 0; i < 200_000; i++) {
			const at = 8 + i * 6;
			chain.writeUInt32LE(i === 199_999 ? 0 : at + 6, at + 2);
		}
		expect(await pagesOf(document(chain, 'image/tiff'))).toBe(100_000);
	});

	it('counts a TIFF whose directories sit at offsets V8 hashes into few buckets, each once', async () => {
		// 32 MB, its directories at the offsets whose unseeded integer hash (V8's, for a Set of
		// numbers) ends in 9 zero bits: about 64,000, in a few hundred of a Set's buckets.
		const size = 32 * 1024 * 1024;
		const colliding: number[] = [];
		for (let at = 8; at + 6 <= size; at++)
			if ((v8IntegerHash(at) & 511) === 0 && at >= (colliding.at(-1) ?? 0) + 6) colliding.push(at);
		const tiff = (offsets: number[], loop = false) => {
			const data = Buffer.alloc(size);
			data.write('II*\0', 0, 'latin1');
			data.writeUInt32LE(offsets[0], 4);
			offsets.forEach((at, index) =>
				data.writeUInt32LE(
					index + 1 < offsets.length ? offsets[index + 1] : loop ? offsets[0] : 0,
					at + 2,
				),
			);
			return document(data, 'image/tiff');
		};
		expect(colliding.length).toBeGreaterThan(60_000);
		// Each directory once; a chain that comes back to its first ends there.
		expect(await pagesOf(tiff(colliding))).toBe(colliding.length);
		expect(await pagesOf(tiff(colliding, true))).toBe(colliding.length);
		// No Map or Set is keyed by them, asserted without a clock: readerAdversary.test.ts.
	});

	it('counts the images of a TIFF under either MIME type; a TIFF too large to walk is not counted', async () => {
		const threeImages = Buffer.alloc(8 + 3 * 6);
		threeImages.write('MM', 0, 'latin1');
		threeImages.writeUInt16BE(42, 2);
		threeImages.writeUInt32BE(8, 4);
		for (let i = 0; i < 3; i++)
			threeImages.writeUInt32BE(i === 2 ? 0 : 8 + (i + 1) * 6, 8 + i * 6 + 2);
		expect(await pagesOf(document(threeImages, 'image/tiff'))).toBe(3);
		expect(await pagesOf(document(threeImages, 'image/tif'))).toBe(3);
		const tooLarge = { ...document(threeImages, 'image/tiff'), size: 64 * 1024 * 1024 + 1 };
		expect(await pagesOf(tooLarge)).toBeUndefined();
	});

	it('counts the images of a TIFF, a PNG as one page, a text by its lines, none for bytes that are no image', async () => {
		expect(await pagesOf(document(TIFF, 'image/tiff'))).toBe(1);
		expect(await pagesOf(document(pngImage(), 'image/png'))).toBe(1);
		// Named a PNG, but its bytes are none: not counted (test/nodes/shared/documentReader/documentKind.test.ts).
		expect(await pagesOf(document(Buffer.from('x'), 'image/png'))).toBeUndefined();
		expect(await pagesOf(document(Buffer.from('Hello'), 'text/plain'))).toBe(1);
	});
});

/** V8's hash of a small integer (ComputeUnseededHash): the bucket a Set or Map puts it in, unseeded. */
function v8IntegerHash(key: number): number {
	let hash = key >>> 0;
	hash = (~hash + (hash << 15)) >>> 0;
	hash = (hash ^ (hash >>> 12)) >>> 0;
	hash = (hash + (hash << 2)) >>> 0;
	hash = (hash ^ (hash >>> 4)) >>> 0;
	hash = Math.imul(hash, 2057) >>> 0;
	hash = (hash ^ (hash >>> 16)) >>> 0;
	return hash & 0x3fffffff;
}
