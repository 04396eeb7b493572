/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Issue 87's adversary PDFs (test/nodes/shared/documentReader/support/pdf-crafted.ts) read within the read's budget, and its
// crafted 50-page PDFs never counted below what pdf.js counts: 50, or "cannot be counted".
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPdfPages } from '../../../../nodes/shared/documentReader/pdfPages';
import {
	freedCount,
	objectStreamChain,
	overlappingXrefStreams,
	withCount,
	wrongGeneration,
	wrongHeaderGeneration,
} from './support/pdf-crafted';
import { pdfFixture, pdfLibPages } from './support/pdf';
import { kidsOfOnePage } from './support/pdf-patterns';

const read = async (pdf: Buffer) =>
	await readPdfPages(async () =>
		(async function* () {
			for (let at = 0; at < pdf.length; at += 64 * 1024) yield pdf.subarray(at, at + 64 * 1024);
		})(),
	);

/** pdf.js's count of each PDF (test/nodes/shared/documentReader/support/pdfjs-pages.mjs, run by this Node: 24). */
function pdfJsPages(pdfs: Buffer[]): Array<number | undefined> {
	const dir = mkdtempSync(join(tmpdir(), 'pdfjs-'));
	try {
		const files = pdfs.map((pdf, at) => {
			const file = join(dir, `${at}.pdf`);
			writeFileSync(file, pdf);
			return file;
		});
		const out = execFileSync(
			process.execPath,
			[join(__dirname, './support/pdfjs-pages.mjs'), ...files],
			{ encoding: 'utf8' },
		);
		return out
			.trim()
			.split('\n')
			.map((line) => (JSON.parse(line) as { pages?: number }).pages);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

describe('PDF page count: the adversary documents cost what their size allows', () => {
	it('an object stream of a million `0 0` pairs reached through 28 references: its table is read once, within the budget', async () => {
		const pdf = objectStreamChain();
		expect(pdf.length).toBeLessThan(8 * 1024);
		const { pages, work } = await read(pdf);
		expect(pages).toBeUndefined();
		// Work bounded by the document's size: no more than the limit, which a 5 KB file keeps near 2 M.
		expect(work!.total).toBeLessThanOrEqual(work!.limit);
		expect(work!.limit).toBeLessThan(2.2 * 1024 * 1024);
		// The same chain over a table of 1,000 pairs is read, the table once for all 28 lookups.
		const small = await read(objectStreamChain(1000));
		expect(small.pages).toBe(1);
		expect(small.work!.tokenized).toBeLessThan(20_000);
	});

	it('100 overlapping unfiltered cross-reference streams with /Predictor 14: stopped at the 8 MB decoded in all', async () => {
		const pdf = await overlappingXrefStreams();
		expect(pdf.length).toBeGreaterThan(1.9 * 1024 * 1024);
		expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
		const { pages, work } = await read(pdf);
		expect(pages).toBeUndefined();
		expect(work!.decoded).toBeLessThanOrEqual(8 * 1024 * 1024);
		// A few sections decode 8 MB (data and predictor output): the rest are never read.
		expect(work!.sections).toBeLessThan(10);
		expect(work!.total).toBeLessThanOrEqual(work!.limit);
	});
});

describe('PDF page count: what a read holds is charged', () => {
	it('half a million stray delimiters in an array (read past, as readers do) each cost the budget', async () => {
		const pdf = await withCount('50');
		// A byte and a token (14) each: 20,000, read three times (mupdf's scan the third), cost 0.9 M
		// units of the 2.3 M a document of their size may spend (the control); half a million 7.5 M,
		// past the 6 M of theirs.
		expect((await read(withJunk(pdf, `[${'{'.repeat(20_000)}]`))).pages).toBe(50);
		const { pages, work } = await read(withJunk(pdf, `[${'{'.repeat(500_000)}]`));
		expect(pages).toBeUndefined();
		expect(work!.total).toBeGreaterThan(work!.limit);
		// Past it about 400,000 in.
		expect(work!.tokenized).toBeGreaterThan(350_000);
		expect(work!.tokenized).toBeLessThan(450_000);
	});

	it.each([166_000, 333_000])(
		'a /Kids array of %i references to one page (1 and 2 MB): refused at the budget, read once',
		async (count) => {
			const pdf = kidsOfOnePage(count);
			const { pages, work } = await read(pdf);
			expect(pages).toBeUndefined();
			expect(work!.limit).toBe(6 * 1024 * 1024);
			expect(work!.total).toBeGreaterThan(work!.limit);
			// A reference costs what its object does (30 units and its bytes): the array is not read twice.
			expect(work!.tokenized).toBeLessThan(1.1 * pdf.length);
		},
	);

	it('an empty dictionary costs what its Map holds: 200,000 of them (800 KB) are past the budget', async () => {
		const pdf = await withCount('50');
		// 1,000 are read (the control); 200,000 would hold about 20 MB, 25 times their bytes.
		expect((await read(withJunk(pdf, `[${'<<>>'.repeat(1000)}]`))).pages).toBe(50);
		const { pages, work } = await read(withJunk(pdf, `[${'<<>>'.repeat(200_000)}]`));
		expect(pages).toBeUndefined();
		expect(work!.total).toBeGreaterThan(work!.limit);
		expect(work!.tokenized).toBeLessThan(800_000);
	});

	it("each `obj` a rebuild finds costs the budget: 1.5 million in a damaged document's 4.5 MB are past it", async () => {
		const pdf = await withCount('50');
		// No startxref (the update's cut off, the original's renamed): rebuilt from the object
		// headers. A few thousand `obj` are read (the control).
		const cut = pdf.subarray(0, pdf.lastIndexOf('startxref')).toString('latin1');
		const damaged = (padding: number) =>
			Buffer.from(
				`${cut.replaceAll('startxref', 'startxrez')}%${'obj'.repeat(padding)}\n`,
				'latin1',
			);
		expect((await read(damaged(3000))).pages).toBe(50);
		const { pages, work } = await read(damaged(1_500_000));
		expect(pages).toBeUndefined();
		expect(work!.total).toBeGreaterThan(work!.limit);
	});
});

/** `pdf` with `/Junk junk` in its page tree root's newest definition. */
function withJunk(pdf: Buffer, junk: string): Buffer {
	const at = pdf.lastIndexOf('/Type /Pages');
	return Buffer.concat([pdf.subarray(0, at), Buffer.from(`/Junk ${junk} `), pdf.subarray(at)]);
}

describe('PDF page count: crafted 50-page PDFs counted 50 or not at all, never below pdf.js', () => {
	it.each([
		['a cross-reference naming generation 1 where the catalog refers to 0', wrongGeneration],
		['an object whose header says generation 1 where its entry says 0', wrongHeaderGeneration],
		['a /Count object freed in the newest section (its older definition says 1)', freedCount],
		['/Count 0', async () => await withCount('0')],
		['/Count -0', async () => await withCount('-0')],
		['/Count 1', async () => await withCount('1')],
		['/Count 2.5', async () => await withCount('2.5')],
		['/Count (50), a string', async () => await withCount('(50)')],
	])('%s', async (_case, make) => {
		const pdf = await make();
		expect(await pdfLibPages(pdf)).toBe(50);
		const { pages, work } = await read(pdf);
		expect(pages).toBe(50);
		expect(work!.total).toBeLessThanOrEqual(work!.limit);
		const [pdfJs] = pdfJsPages([pdf]);
		expect(pages!).toBeGreaterThanOrEqual(pdfJs ?? 0);
	});

	it('/Count 9999999999 is impossible for the file size, and poppler takes it as it is: cannot be counted, over 50 pages or 1', async () => {
		const pdf = await withCount('9999999999', 1);
		expect((await read(pdf)).pages).toBeUndefined();
		expect(pdfJsPages([pdf])).toEqual([1]);
		expect((await read(await withCount('9999999999'))).pages).toBeUndefined();
	});
});

describe('PDF page count: encrypted with the empty user password, the page tree in encrypted object streams', () => {
	it.each([
		['qpdf-rc4-40.pdf', 'RC4, 40 bits (R 2)'],
		['qpdf-rc4-128.pdf', 'RC4, 128 bits (R 3)'],
		['qpdf-aes-128.pdf', 'AES-128 (R 4)'],
		['qpdf-aes-256-r5.pdf', 'AES-256 (R 5)'],
		['qpdf-aes-256.pdf', 'AES-256 (R 6)'],
	])('%s, %s: 5 pages, as pdf.js counts', async (name) => {
		const pdf = pdfFixture(name);
		expect(pdf.includes('/Encrypt')).toBe(true);
		expect(pdf.includes('/ObjStm')).toBe(true);
		expect((await read(pdf)).pages).toBe(5);
		expect(pdfJsPages([pdf])).toEqual([5]);
	});
});
