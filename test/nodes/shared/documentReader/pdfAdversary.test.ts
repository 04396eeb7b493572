// Issue 101's classes: PDFs that some reader repairs, and valid ones readers read differently.
// Each was refused while the count predicted other readers; now each is counted as the node reads
// it, and the PDF it writes is plain: its own reader counts the same in it, `qpdf --check` finds
// nothing and poppler counts the same pages (other readers' counts of the written files: the
// `proof` stage, support/oracles.js).
import { readDocument } from '../../../../nodes/shared/documentReader';
import { readPdfPages } from '../../../../nodes/shared/documentReader/pdfPages';
import { fiftyPages, readingsPdf, type Plain } from './support/pdf-readings';
import { pdfinfoPages, qpdfCheck, writtenPdf } from './support/written';

const read = async (pdf: Buffer) =>
	await readPdfPages(async () =>
		(async function* () {
			for (let at = 0; at < pdf.length; at += 64 * 1024) yield pdf.subarray(at, at + 64 * 1024);
		})(),
	);

/** The tree of one page, and a `/Ki#64s` (`/Kids`) of fifty written after it in the same dictionary. */
const shadowed = (plain: string, escaped: string): Plain[] => {
	const [catalog, , ...pages] = fiftyPages();
	const all = Array.from({ length: 50 }, (_, at) => `${at + 3} 0 R`).join(' ');
	const root = `<< /Type /Pages ${plain.replace('%K', '[3 0 R]')} ${escaped.replace('%K', `[${all}]`)} >>`;
	return [catalog, [2, root], ...pages];
};
const onePage = () => fiftyPages(1);
const linearized = (length: string): Plain => [
	999,
	`<< /Linearized 1 /L ${length} /N 50 /H [1 1] /O 3 /E 1 /T 1 >>`,
];

const cases: Array<[string, Buffer, number]> = [
	['the plain file', readingsPdf(fiftyPages()), 50],
	[
		'names written with escapes alone (`/Ty#70e /Pa#67es`, `/Ro#6ft`)',
		readingsPdf(fiftyPages(50, '/Ty#70e /Pa#67es'), { trailer: '/Ro#6ft 1 0 R' }),
		50,
	],
	[
		'`/Kids` of one page shadowed by `/Ki#64s` of fifty',
		readingsPdf(shadowed('/Count 50 /Kids %K', '/Ki#64s %K')),
		50,
	],
	[
		'`/Count 1` shadowed by `/Co#75nt 50`',
		readingsPdf(shadowed('/Kids %K /Count 1', '/Co#75nt 50')),
		1,
	],
	[
		'a key with a broken escape (`/Kids#`)',
		readingsPdf(shadowed('/Count 1 /Kids %K', '/Kids# %K')),
		1,
	],
	[
		'a linearization dictionary of /N 50 whose /L is the length, over a tree of one page',
		readingsPdf(onePage(), { first: linearized('%L        ') }),
		1,
	],
	[
		'the same whose /L is not the length: no reader takes its /N',
		readingsPdf(onePage(), { first: linearized('12') }),
		1,
	],
	[
		'an object stream listing the root twice (one page, then fifty): the entry names the first',
		readingsPdf(
			fiftyPages().filter(([n]) => n !== 2),
			{
				listed: [
					[2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
					[2, fiftyPages()[1][1]],
				],
			},
		),
		1,
	],
	[
		'a compressed entry whose index lists another number: poppler reads the index, pdf.js the number',
		readingsPdf(
			fiftyPages().filter(([n]) => n !== 2),
			{
				listed: [
					[2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
					[800, fiftyPages()[1][1]],
				],
				at: { 2: 1 },
			},
		),
		50,
	],
	[
		'a trailer without /Root (pdf.js and poppler rebuild)',
		readingsPdf(fiftyPages(), { trailer: '/Roob 1 0 R' }),
		50,
	],
	[
		'`startxref` 2 KB from the end (mupdf rebuilds)',
		readingsPdf(fiftyPages(), { tail: ' '.repeat(2048) }),
		50,
	],
	[
		'an in-use entry nothing uses, past the end (mupdf rebuilds)',
		readingsPdf(fiftyPages(), { extraRows: [[700, 10_000_000]] }),
		50,
	],
	[
		'an in-use entry nothing uses, at no header',
		readingsPdf(fiftyPages(), { extraRows: [[700, 20]] }),
		50,
	],
	[
		'a leaf whose /Type is a reference (pdf.js resolves it)',
		readingsPdf([
			...fiftyPages().map(([n, body]): Plain => [
				n,
				n === 3 ? '<< /Type 800 0 R /Parent 2 0 R >>' : body,
			]),
			[800, '/Page'],
		]),
		50,
	],
	[
		'a node met twice',
		readingsPdf(
			fiftyPages().map(([n, body]): Plain => [n, n === 2 ? body.replace('4 0 R', '3 0 R') : body]),
		),
		50,
	],
	[
		'an object defined again after the one the table names (a rebuild takes the later)',
		Buffer.concat([
			readingsPdf(fiftyPages()),
			Buffer.from('2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n'),
		]),
		50,
	],
];

describe("issue 101's classes: counted as the node reads them, and written plain", () => {
	it.each(cases)('%s', async (_name, pdf, expected) => {
		const { pages, work } = await read(pdf);
		expect(pages).toBe(expected);
		expect(work!.total).toBeLessThanOrEqual(work!.limit);
		const written = await writtenPdf(pdf);
		const again = await readDocument({
			open: async () =>
				(async function* () {
					yield written;
				})(),
			mimeType: 'application/pdf',
			size: written.length,
		});
		expect(again.pages).toBe(expected);
		expect(qpdfCheck(written)).toEqual({ status: 0, output: expect.not.stringMatching(/WARNING/) });
		expect(pdfinfoPages(written)).toEqual({ pages: expected, warnings: '' });
	});
});
