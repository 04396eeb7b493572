/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// Issue 101's classes: sound-looking PDFs that some reader repairs, and valid ones readers read
// differently (the reader of 742ab50 counted each 1 where pdf.js, poppler or mupdf count 50). Each
// is counted, or plainly refused, and the PDF the node writes from its reading reads one way
// (support/writtenCheck.js): what any reader makes of the original no longer matters.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDocument } from '../../../../nodes/shared/documentReader';
import { fiftyPages, readingsPdf, type Plain } from './support/pdf-readings';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS check, shared with fuzz.js and corpus.js
const written = require('./support/writtenCheck') as {
	checker: (options?: { cpuSeconds?: number }) => {
		ready: () => Promise<void>;
		close: () => Promise<void>;
	};
	readAndCheck: (
		read: typeof readDocument,
		check: unknown,
		pdf: Buffer,
		file: string,
	) => Promise<{ read: { pages?: number; refused?: unknown }; verdict?: { failures: string[] } }>;
};

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

const cases: Array<[string, Buffer]> = [
	['the plain file', readingsPdf(fiftyPages())],
	[
		'names written with escapes alone (`/Ty#70e /Pa#67es`, `/Ro#6ft`)',
		readingsPdf(fiftyPages(50, '/Ty#70e /Pa#67es'), { trailer: '/Ro#6ft 1 0 R' }),
	],
	[
		'`/Kids` of one page shadowed by `/Ki#64s` of fifty',
		readingsPdf(shadowed('/Count 50 /Kids %K', '/Ki#64s %K')),
	],
	[
		'`/Count 1` shadowed by `/Co#75nt 50`',
		readingsPdf(shadowed('/Kids %K /Count 1', '/Co#75nt 50')),
	],
	[
		'a key with a broken escape (`/Kids#`)',
		readingsPdf(shadowed('/Count 1 /Kids %K', '/Kids# %K')),
	],
	[
		'a linearization dictionary of /N 50 whose /L is the length, over a tree of one page',
		readingsPdf(onePage(), { first: linearized('%L        ') }),
	],
	[
		'the same whose /L is not the length: no reader takes its /N',
		readingsPdf(onePage(), { first: linearized('12') }),
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
	],
	[
		'a trailer without /Root (pdf.js and poppler rebuild)',
		readingsPdf(fiftyPages(), { trailer: '/Roob 1 0 R' }),
	],
	[
		'`startxref` 2 KB from the end (mupdf rebuilds)',
		readingsPdf(fiftyPages(), { tail: ' '.repeat(2048) }),
	],
	[
		'an in-use entry nothing uses, past the end (mupdf rebuilds)',
		readingsPdf(fiftyPages(), { extraRows: [[700, 10_000_000]] }),
	],
	[
		'an in-use entry nothing uses, at no header',
		readingsPdf(fiftyPages(), { extraRows: [[700, 20]] }),
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
	],
	[
		'a node met twice',
		readingsPdf(
			fiftyPages().map(([n, body]): Plain => [n, n === 2 ? body.replace('4 0 R', '3 0 R') : body]),
		),
	],
	[
		'an object defined again after the one the table names (a rebuild takes the later)',
		Buffer.concat([
			readingsPdf(fiftyPages()),
			Buffer.from('2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n'),
		]),
	],
];

const dir = mkdtempSync(join(tmpdir(), 'written-101-'));
const check = written.checker({ cpuSeconds: 5 });
beforeAll(async () => await check.ready());
afterAll(async () => {
	await check.close();
	rmSync(dir, { recursive: true, force: true });
});

describe('issue 101: each class counted, and what the node writes reads one way', () => {
	it.each(cases)('%s', async (_name, pdf) => {
		const { read, verdict } = await written.readAndCheck(
			readDocument,
			check,
			pdf,
			join(dir, 'written.pdf'),
		);
		expect({ refused: read.refused, counted: read.pages !== undefined }).toEqual({
			refused: undefined,
			counted: true,
		});
		expect(verdict?.failures).toEqual([]);
	});
});
