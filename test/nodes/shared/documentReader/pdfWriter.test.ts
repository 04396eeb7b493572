/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// The PDF the reader writes from its reading (README.md, "What is written"): its exact size before
// its first byte, the same bytes at each open, its pages those counted, and plain to qpdf and
// poppler; the syntax of what it writes, and what its catalog and pages hold, built by hand.
import { inflateSync } from 'node:zlib';
import { readDocument } from '../../../../nodes/shared/documentReader';
import { readPdfPages } from '../../../../nodes/shared/documentReader/pdfPages';
import { PdfDict, PdfString, type PdfRef } from '../../../../nodes/shared/documentReader/pdfSyntax';
import { buildPdf } from './support/pdf-build';
import { classes } from './support/pdf-classes';
import { pdfFixture } from './support/pdf';
import { pdfinfoPages, qpdfCheck } from './support/written';

const FIXTURES = [
	'gs-pdfwrite-images.pdf',
	'img2pdf-four-pages.pdf',
	'img2pdf-internal-four-pages.pdf',
	'mutool-clean-images.pdf',
	'mutool-incremental-object-streams.pdf',
	'mutool-incremental.pdf',
	'pdf-lib-five-pages.pdf',
	'pdfunite-eight-pages.pdf',
	'qpdf-aes-128.pdf',
	'qpdf-aes-256-r5.pdf',
	'qpdf-aes-256.pdf',
	'qpdf-linearized-images.pdf',
	'qpdf-linearized.pdf',
	'qpdf-object-streams-images.pdf',
	'qpdf-object-streams.pdf',
	'qpdf-rc4-128.pdf',
	'qpdf-rc4-40.pdf',
];

/** The document in 64 KiB pieces, and how many times it was opened. */
function opened(pdf: Buffer) {
	const document = {
		opens: 0,
		mimeType: 'application/pdf',
		size: pdf.length,
		open: async () => {
			document.opens++;
			return (async function* () {
				for (let at = 0; at < pdf.length; at += 64 * 1024) yield pdf.subarray(at, at + 64 * 1024);
			})();
		},
	};
	return document;
}

/** The read, and the written PDF whole (each open read to its end). */
async function written(pdf: Buffer) {
	const read = await readDocument(opened(pdf));
	if (!read.written) throw new Error(`not counted: ${read.refused}`);
	const whole = async () => {
		const pieces: Uint8Array[] = [];
		for await (const piece of await read.written!.open()) pieces.push(piece);
		return Buffer.concat(pieces);
	};
	return { read, bytes: await whole(), again: whole };
}

describe('the PDF the reader writes', () => {
	it.each(FIXTURES)(
		'%s: its size known before its first byte, the same bytes at each open, its pages those counted',
		async (name) => {
			const pdf = pdfFixture(name);
			const { read, bytes, again } = await written(pdf);
			expect(bytes.length).toBe(read.written!.size);
			expect((await again()).equals(bytes)).toBe(true);
			const text = bytes.toString('latin1');
			expect(text.startsWith('%PDF-1.7\n%')).toBe(true);
			expect(text.endsWith('%%EOF\n')).toBe(true);
			// One plain structure: no object or cross-reference streams, nothing encrypted.
			for (const gone of ['/ObjStm', '/XRef', '/Encrypt', '/Prev', '/Linearized'])
				expect(text.includes(gone)).toBe(false);
			const reread = await readDocument(opened(bytes));
			expect(reread.pages).toBe(read.pages);
		},
	);

	it.each([
		'qpdf-aes-256.pdf',
		'qpdf-aes-128.pdf',
		'qpdf-rc4-40.pdf',
		'mutool-incremental-object-streams.pdf',
		'qpdf-linearized-images.pdf',
	])('%s: qpdf --check finds nothing, and poppler counts the pages counted', async (name) => {
		const { read, bytes } = await written(pdfFixture(name));
		const check = qpdfCheck(bytes);
		expect(check.output).toContain('No syntax or stream encoding errors found');
		expect(check.output).not.toMatch(/WARNING/);
		expect(check.status).toBe(0);
		expect(pdfinfoPages(bytes)).toEqual({ pages: read.pages, warnings: '' });
	});

	it('opens the input once for each open of a plain file, and once more to measure an AES one', async () => {
		for (const [name, reads] of [
			['pdfunite-eight-pages.pdf', 1],
			['qpdf-aes-256.pdf', 2],
		] as const) {
			const document = opened(pdfFixture(name));
			const read = await readDocument(document);
			expect(document.opens).toBe(reads);
			for await (const piece of await read.written!.open())
				expect(piece.byteLength).toBeGreaterThan(0);
			expect(document.opens).toBe(reads + 1);
		}
	});

	it('writes plain syntax: integers, reals without exponents, names escaped, strings in hex, missing objects null', async () => {
		const pdf = buildPdf(
			[
				[1, '<< /Type /Catalog /Pages 2 0 R >>'],
				[2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
				[
					3,
					'<< /Type /Page /Parent 2 0 R /Resources << /Odd 1234.0 /Tiny 0.0000001 /Neg -.5 /Gone 77 0 R /A#20B (x\\)y) /Bad#00 1 /Arr [/a#00 1] >> >>',
				],
			],
			{ root: 1 },
		);
		const { bytes } = await written(pdf);
		const text = bytes.toString('latin1');
		expect(text).toContain('/Odd 1234 ');
		expect(text).toContain('/Tiny 0.0000001');
		expect(text).toContain('/Neg -0.5');
		expect(text).toContain('/Gone null');
		expect(text).toContain(`/A#20B <${Buffer.from('x)y').toString('hex')}>`);
		// A key or item holding a NUL is dropped.
		expect(text).not.toContain('Bad');
		expect(text).toContain('/Arr [1]');
		expect(text.replace(/<[0-9a-f]*>/g, '')).not.toMatch(/\de[+-]?\d/);
	});

	it('writes one page tree: a page met twice written twice, inherited attributes made explicit, old nodes gone', async () => {
		const pdf = buildPdf(
			[
				[1, '<< /Type /Catalog /Pages 2 0 R >>'],
				[2, '<< /Type /Pages /Kids [4 0 R 3 0 R] /Count 9 /MediaBox [0 0 100 200] /Rotate 90 >>'],
				[4, '<< /Type /Pages /Kids [5 0 R 5 0 R 2 0 R] /Parent 2 0 R /Resources << /X 1 >> >>'],
				[5, '<< /Parent 4 0 R /Contents 6 0 R >>'],
				[3, '<< /Type /Page /Parent 2 0 R /Rotate 0 /Resources << /Back 4 0 R >> >>'],
				[6, { dict: '<< >>', data: Buffer.from('0 0 m') }],
			],
			{ root: 1 },
		);
		const { read, bytes } = await written(pdf);
		expect(read.pages).toBe(3);
		const text = bytes.toString('latin1');
		expect(text).toContain('2 0 obj\n<</Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3>>');
		// Page 5 twice: two objects, each with the new root as parent and the inheritance explicit.
		const pages = text.match(/<<\/Type \/Page \/Parent 2 0 R[^\n]*/g)!;
		expect(pages).toHaveLength(3);
		expect(pages[0]).toContain('/MediaBox [0 0 100 200]');
		expect(pages[0]).toContain('/Rotate 90');
		expect(pages[0]).toContain('/Resources <</X 1>>');
		expect(pages[2]).toContain('/Rotate 0');
		// A reference to an old inner node is null; the content stream is copied with its /Length.
		expect(pages[2]).toContain('/Resources <</Back null>>');
		expect(text).toContain('<</Length 5>>\nstream\n0 0 m\nendstream');
		expect(qpdfCheck(bytes).status).toBe(0);
		expect(pdfinfoPages(bytes)).toEqual({ pages: 3, warnings: '' });
	});

	it('copies a stream of 3 MB as the input passes, in its pieces, never held whole', async () => {
		const data = Buffer.alloc(3 * 1024 * 1024, '0 0 m ');
		const pdf = buildPdf(
			[
				[1, '<< /Type /Catalog /Pages 2 0 R >>'],
				[2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
				[3, '<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>'],
				[4, { dict: '<< >>', data }],
			],
			{ root: 1 },
		);
		const read = await readDocument(opened(pdf));
		let [largest, size] = [0, 0];
		for await (const piece of await read.written!.open()) {
			largest = Math.max(largest, piece.byteLength);
			size += piece.byteLength;
		}
		expect(size).toBe(read.written!.size);
		expect(size).toBeGreaterThan(data.length);
		expect(largest).toBeLessThanOrEqual(64 * 1024);
	});
	it('writes a catalog of the page tree and its layers, and pages of the keys that draw', async () => {
		const drawn = { dict: '<< >>', data: Buffer.from('0 0 m') };
		const pdf = buildPdf(
			[
				[
					1,
					'<< /Type /Catalog /Pages 2 0 R /Outlines 9 0 R /Names << >> /Metadata 8 0 R' +
						' /AcroForm << /Fields [12 0 R 77 0 R 5 0 R] /NeedAppearances true /SigFlags 3 >>' +
						' /OpenAction [3 0 R /Fit] /AA << >> /StructTreeRoot << >> /OCProperties 10 0 R >>',
				],
				[2, '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /Resources << >> /Rotate 90 >>'],
				[
					3,
					'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 9 9] /CropBox [0 0 8 8] /UserUnit 2' +
						' /Contents [5 0 R 77 0 R 6 0 R 7 0 R] /Annots [13 0 R] /Group << /S /Transparency >>' +
						' /AA << >> /Metadata 8 0 R /StructParents 0 /Thumb 5 0 R /B [] /PieceInfo << >> /TrimBox [0 0 1 1] >>',
				],
				[4, '<< /Type /Page /Parent 2 0 R /Contents [77 0 R 6 0 R] >>'],
				[5, drawn],
				[6, '<< >>'],
				[7, drawn],
				[8, { dict: '<< /Type /Metadata /Subtype /XML >>', data: Buffer.from('<x/>') }],
				[9, '<< /Type /Outlines /Count 0 >>'],
				// Of the groups, the one named by a string; of the configuration, /OFF of the groups.
				[10, '<< /OCGs [11 0 R 14 0 R 9 0 R] /D << /OFF [11 0 R 15 0 R] /Order [] >> /Extra 1 >>'],
				[11, '<< /Type /OCG /Name (layer) >>'],
				[14, '<< /Type /OCG /Name (shown) >>'],
				[15, '<< /Type /OCG /Name (unlisted) >>'],
				[12, '<< /FT /Tx /T (name) /V (filled) /Kids [13 0 R 77 0 R 5 0 R] >>'],
				[13, '<< /Type /Annot /Subtype /Widget /Parent 12 0 R /Rect [0 0 1 1] >>'],
			],
			{ root: 1 },
		);
		const { bytes } = await written(pdf);
		const read = await readPdfPages(async () =>
			(async function* () {
				yield bytes;
			})(),
		);
		const file = read.file!;
		expect([...file.catalogDict.keys()]).toEqual(['Type', 'Pages', 'OCProperties']);
		const layers = file.catalogDict.get('OCProperties') as PdfDict;
		const name = async (ref: PdfRef) =>
			(((await file.fetch(ref))!.value as PdfDict).get('Name') as PdfString).bytes().toString();
		const groups = layers.get('OCGs') as PdfRef[];
		expect(await Promise.all(groups.map(name))).toEqual(['layer', 'shown']);
		const config = layers.get('D') as PdfDict;
		expect([...config.keys()]).toEqual(['OFF']);
		expect(config.get('OFF')).toEqual([groups[0]]);
		const pages = await Promise.all(
			file.leaves.map(async ({ at }) => (await file.object(at))!.value as PdfDict),
		);
		expect(pages.map((page) => [...page.keys()])).toEqual([
			[
				'Type',
				'Parent',
				'Resources',
				'MediaBox',
				'CropBox',
				'Rotate',
				'Contents',
				'Annots',
				'Group',
				'UserUnit',
			],
			['Type', 'Parent', 'Resources', 'Rotate'],
		]);
		// Of the /Contents items, the two streams stay; the missing object and the dictionary go.
		const contents = pages[0].get('Contents') as Array<{ ref: number }>;
		expect(contents).toHaveLength(2);
		for (const item of contents)
			expect((await file.fetch({ ref: item.ref, gen: 0 }))?.range).toBeDefined();
		expect(qpdfCheck(bytes).status).toBe(0);
		expect(pdfinfoPages(bytes)).toEqual({ pages: 2, warnings: '' });
	});

	it.each(['named /StdCF', 'is /Identity'])(
		'writes an encrypted stream whose /Crypt filter %s decrypted, without the filter',
		async (named) => {
			const [, pdf] = classes().find(
				([name]) => name.includes('/Crypt filter') && name.endsWith(named),
			)!;
			const { bytes } = await written(pdf);
			const text = bytes.toString('latin1');
			expect(text).not.toContain('/Crypt');
			const head = /<<\/Length (\d+) \/Filter \[\/FlateDecode\]>>\nstream\n/.exec(text)!;
			const [start, length] = [head.index + head[0].length, Number(head[1])];
			const data = inflateSync(bytes.subarray(start, start + length)).toString('latin1');
			expect(data).toBe('0 0 1 rg 20 20 160 160 re f');
		},
	);
});

describe('the PDF the reader writes: objects whose value is a reference', () => {
	// `4 0 obj 5 0 R endobj`, the page's /Resources: a reference as an object's whole value reads as
	// nothing and is written `null` (copied, qpdf --check warned "expected endobj"; found by fuzz.js
	// --seed 7 on pdf.js's bug1708041.pdf).
	it('a page whose /Resources is an object holding a reference: the written PDF passes qpdf --check', async () => {
		const pdf = buildPdf(
			[
				[1, '<< /Type /Catalog /Pages 2 0 R >>'],
				[2, '<< /Type /Pages /Count 1 /Kids [3 0 R] >>'],
				[3, '<< /Type /Page /MediaBox [0 0 612 792] /Resources 4 0 R >>'],
				[4, '5 0 R'],
				[5, '<< /ProcSet [/PDF] >>'],
			],
			{ root: 1 },
		);
		const { read, bytes } = await written(pdf);
		expect(read.pages).toBe(1);
		expect(qpdfCheck(bytes)).toEqual({
			status: 0,
			output: expect.not.stringContaining('WARNING'),
		});
	});
});

describe('the PDF the reader writes: numbers past 64 bits', () => {
	// A real of 20 digits (qpdf --check clean on the input): past 2^53 a number read is written as a
	// real (as an integer past 2^63, qpdf could not read it and took the page for null).
	it('a page whose /Rotate is 12345678901234567890.5: the written PDF passes qpdf --check as its input does', async () => {
		const pdf = buildPdf(
			[
				[1, '<< /Type /Catalog /Pages 2 0 R >>'],
				[2, '<< /Type /Pages /Count 1 /Kids [3 0 R] >>'],
				[3, '<< /Type /Page /MediaBox [0 0 612 792] /Rotate 12345678901234567890.5 >>'],
			],
			{ root: 1 },
		);
		expect(qpdfCheck(pdf).status).toBe(0);
		const { read, bytes } = await written(pdf);
		expect(read.pages).toBe(1);
		expect(qpdfCheck(bytes)).toEqual({
			status: 0,
			output: expect.not.stringContaining('WARNING'),
		});
	});
});
