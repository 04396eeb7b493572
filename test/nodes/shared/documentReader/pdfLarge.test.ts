/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Large PDFs as producers write them, counted in one read of the document within the budget: each
// real producer's file of fixtures/ (img2pdf's two writers, qpdf's linearized and object-stream
// layouts, mutool clean, Ghostscript, pdfunite) grown to 20 MB, 64 MB and 150 MB by
// support/pdf-grow.ts, their page objects between images tens of megabytes from either end. Each
// count is pdf.js's: pdf.js reads every small original and every 20 MB document, and two of the
// 150 MB ones (the linearized file and img2pdf's pages between its images); growing image data
// changes no page, so the other sizes keep the small original's count.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPdfPages } from '../../../../nodes/shared/documentReader/pdfPages';
import { pdfFixture } from './support/pdf';
import { growPdf } from './support/pdf-grow';

const MB = 1024 * 1024;
const PRODUCERS = [
	'img2pdf-four-pages.pdf',
	'img2pdf-internal-four-pages.pdf',
	'qpdf-linearized-images.pdf',
	'mutool-clean-images.pdf',
	'qpdf-object-streams-images.pdf',
	'gs-pdfwrite-images.pdf',
	'pdfunite-eight-pages.pdf',
];
/** The 150 MB documents pdf.js reads too (about a second of CPU and 400 MB each). */
const READ_LARGE_BY_PDFJS = new Set([
	'img2pdf-internal-four-pages.pdf',
	'qpdf-linearized-images.pdf',
]);

const dir = mkdtempSync(join(tmpdir(), 'pdf-large-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** pdf.js's counts of `files`, in one child process. */
function pdfJsPages(files: string[]): Array<number | undefined> {
	const out = execFileSync(
		process.execPath,
		[join(__dirname, './support/pdfjs-pages.mjs'), ...files],
		{
			encoding: 'utf8',
		},
	);
	return out
		.trim()
		.split('\n')
		.map((line) => (JSON.parse(line) as { pages?: number }).pages);
}

const written = (name: string, size: number) => join(dir, `${size}-${name}`);

describe('large PDFs as producers write them: counted as pdf.js counts them, in one read, within the budget', () => {
	const expected = new Map<string, number>();

	beforeAll(async () => {
		const smalls = PRODUCERS.map((name) => {
			const file = written(name, 0);
			writeFileSync(file, pdfFixture(name));
			return file;
		});
		const larges: string[] = [];
		for (const name of PRODUCERS) {
			await growPdf(pdfFixture(name), 20 * MB).writeTo(written(name, 20 * MB));
			larges.push(written(name, 20 * MB));
		}
		const [small, large] = [pdfJsPages(smalls), pdfJsPages(larges)];
		PRODUCERS.forEach((name, at) => {
			// Growing image data changes no page: pdf.js reads the same count at both sizes.
			expect({ name, pages: large[at] }).toEqual({ name, pages: small[at] });
			expected.set(name, small[at]!);
		});
		for (const file of [...smalls, ...larges]) rmSync(file);
	});

	it.each([
		...PRODUCERS.map((name): [string, number] => [name, 20]),
		...PRODUCERS.map((name): [string, number] => [name, 150]),
		['img2pdf-internal-four-pages.pdf', 64],
		['qpdf-linearized-images.pdf', 64],
		['mutool-clean-images.pdf', 100],
	])('%s grown to %i MB', async (name, megabytes) => {
		const grown = growPdf(pdfFixture(name), megabytes * MB);
		let reference = expected.get(name)!;
		if (megabytes === 150 && READ_LARGE_BY_PDFJS.has(name)) {
			const file = written(name, grown.size);
			await grown.writeTo(file);
			reference = pdfJsPages([file])[0]!;
			rmSync(file);
			expect(reference).toBe(expected.get(name));
		}
		const opened = grown.opened;
		const { pages, work } = await readPdfPages(grown.open);
		expect({ pages, reads: grown.opened - opened }).toEqual({ pages: reference, reads: 1 });
		expect(work!.total).toBeLessThanOrEqual(work!.limit);
	});
});
