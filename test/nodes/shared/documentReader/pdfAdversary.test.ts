/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Issue 101's classes: sound-looking PDFs that some reader repairs, and valid ones readers read
// differently. The reader of 742ab50 counted each 1 where pdf.js, poppler or mupdf count 50; now
// each cannot be counted, with the reason a user acts on, while the plain file is counted 50.
// pdf.js's count of every case is read in one process and never exceeds a count given.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPdfPages } from '../../../../nodes/shared/documentReader/pdfPages';
import { fiftyPages, readingsPdf, type Plain } from './support/pdf-readings';

const read = async (pdf: Buffer) =>
	await readPdfPages(async () =>
		(async function* () {
			for (let at = 0; at < pdf.length; at += 64 * 1024) yield pdf.subarray(at, at + 64 * 1024);
		})(),
	);

/** pdf.js's count of each PDF, in one process (support/pdfjs-pages.mjs). */
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

const cases: Array<[string, Buffer, 'damaged' | 'readDifferently' | number]> = [
	['the plain file', readingsPdf(fiftyPages()), 50],
	[
		'names written with escapes alone (`/Ty#70e /Pa#67es`, `/Ro#6ft`)',
		readingsPdf(fiftyPages(50, '/Ty#70e /Pa#67es'), { trailer: '/Ro#6ft 1 0 R' }),
		50,
	],
	[
		'`/Kids` of one page shadowed by `/Ki#64s` of fifty',
		readingsPdf(shadowed('/Count 50 /Kids %K', '/Ki#64s %K')),
		'readDifferently',
	],
	[
		'`/Count 1` shadowed by `/Co#75nt 50`',
		readingsPdf(shadowed('/Kids %K /Count 1', '/Co#75nt 50')),
		'readDifferently',
	],
	[
		'a key with a broken escape (`/Kids#`)',
		readingsPdf(shadowed('/Count 1 /Kids %K', '/Kids# %K')),
		'readDifferently',
	],
	[
		'a linearization dictionary of /N 50 whose /L is the length, over a tree of one page',
		readingsPdf(onePage(), { first: linearized('%L        ') }),
		'readDifferently',
	],
	[
		'the same whose /L is not the length: no reader takes its /N',
		readingsPdf(onePage(), { first: linearized('12') }),
		1,
	],
	[
		'an object stream listing the root twice (one page, then fifty): pdf.js takes the last, mupdf the first',
		readingsPdf(
			fiftyPages().filter(([n]) => n !== 2),
			{
				listed: [
					[2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
					[2, fiftyPages()[1][1]],
				],
			},
		),
		'readDifferently',
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
		'readDifferently',
	],
	[
		'a trailer without /Root (pdf.js and poppler rebuild)',
		readingsPdf(fiftyPages(), { trailer: '/Roob 1 0 R' }),
		'damaged',
	],
	[
		'`startxref` 2 KB from the end (mupdf rebuilds)',
		readingsPdf(fiftyPages(), { tail: ' '.repeat(2048) }),
		'damaged',
	],
	[
		'an in-use entry nothing uses, past the end (mupdf rebuilds)',
		readingsPdf(fiftyPages(), { extraRows: [[700, 10_000_000]] }),
		'damaged',
	],
	[
		'an in-use entry nothing uses, at no header',
		readingsPdf(fiftyPages(), { extraRows: [[700, 20]] }),
		'damaged',
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
		'readDifferently',
	],
	[
		'a node met twice',
		readingsPdf(
			fiftyPages().map(([n, body]): Plain => [n, n === 2 ? body.replace('4 0 R', '3 0 R') : body]),
		),
		'readDifferently',
	],
	[
		'an object defined again after the one the table names (a rebuild takes the later)',
		Buffer.concat([
			readingsPdf(fiftyPages()),
			Buffer.from('2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n'),
		]),
		'damaged',
	],
];

describe('issue 101: a PDF is counted where its bytes have one reading, else it cannot be counted', () => {
	const pdfJs = pdfJsPages(cases.map(([, pdf]) => pdf));

	it.each(cases.map(([name, pdf, expected], at) => [name, pdf, expected, at] as const))(
		'%s',
		async (_name, pdf, expected, at) => {
			const { pages, refused, work } = await read(pdf);
			if (typeof expected === 'number') expect(pages).toBe(expected);
			else expect({ pages, refused }).toEqual({ pages: undefined, refused: expected });
			// Never below pdf.js: a count given is at least its count.
			if (pages !== undefined) expect(pages).toBeGreaterThanOrEqual(pdfJs[at] ?? 0);
			expect(work!.total).toBeLessThanOrEqual(work!.limit);
		},
	);
});
