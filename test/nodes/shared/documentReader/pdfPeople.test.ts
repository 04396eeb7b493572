/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The PDFs people fax, made here by the tools that make them (support/pdf-people.js: mutool,
// PyMuPDF and @cantoo/pdf-lib saving incrementally, iText 5 in append mode and fully compressed,
// pdfsig and @signpdf signing, SANE scanning): pdf.js, pdfinfo, mutool and qpdf agree on each one's
// pages, the node counts exactly that, and the PDF it writes from its reading passes the written
// check (support/writtenCheck.js: qpdf --check, pdfinfo and mutool info with no warning, the four
// readers counting its pages). Where a tool is missing, the first test names the Debian packages
// (scripts/ensure-pdf-tools.sh installs them in `npm test`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDocument } from '../../../../nodes/shared/documentReader';

/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS helpers shared with the fuzzer and the corpus check */
const people = require('./support/pdf-people') as {
	PEOPLE_PDFS: string[];
	peopleWorkshop: (dir: string) => { build: (name: string) => Promise<Buffer> };
	missing: () => string[];
};
const oracles = require('./support/oracles') as {
	missing: () => string[];
	counter: () => {
		count: (file: string, bytes: Buffer) => Promise<{ counts: Record<string, number | undefined> }>;
		close: () => Promise<void>;
	};
};
const { checker, readAndCheck } = require('./support/writtenCheck') as {
	checker: () => { ready: () => Promise<void>; close: () => Promise<void> };
	readAndCheck: (
		read: typeof readDocument,
		check: ReturnType<typeof checker>,
		bytes: Buffer,
		file: string,
	) => Promise<{
		read: Awaited<ReturnType<typeof readDocument>>;
		verdict?: { ok: boolean; failures: string[] };
	}>;
};
/* eslint-enable @typescript-eslint/no-require-imports */

const dir = mkdtempSync(join(tmpdir(), 'people-pdfs-'));
const workshop = people.peopleWorkshop(dir);
let counter: ReturnType<typeof oracles.counter>;
let check: ReturnType<typeof checker>;

beforeAll(async () => {
	counter = oracles.counter();
	check = checker();
	await check.ready();
});
afterAll(async () => {
	await counter.close();
	await check.close();
	rmSync(dir, { recursive: true, force: true });
});

it('every tool that makes these PDFs is installed (scripts/ensure-pdf-tools.sh)', () => {
	const packages = [...people.missing(), ...oracles.missing()];
	if (packages.length > 0)
		throw new Error(
			`missing Debian packages: ${packages.join(', ')}; run as root \`bash scripts/ensure-pdf-tools.sh\` (npm test does)`,
		);
	expect(execFileSync('qpdf', ['--version'], { encoding: 'utf8' })).toMatch(/qpdf/);
});

describe('PDFs people fax: counted as every reader counts them, and written so that every reader reads the same', () => {
	it.each(people.PEOPLE_PDFS)('%s', async (name) => {
		const bytes = await workshop.build(name);
		const file = join(dir, 'made.pdf');
		writeFileSync(file, bytes);
		const { counts } = await counter.count(file, bytes);
		const pages = counts.poppler!;
		expect(pages).toBeGreaterThan(0);
		expect(counts).toEqual({ pdfjs: pages, poppler: pages, mupdf: pages, qpdf: pages });

		const { read, verdict } = await readAndCheck(
			readDocument,
			check,
			bytes,
			join(dir, 'written.pdf'),
		);
		expect({ kind: read.kind, pages: read.pages, refused: read.refused }).toEqual({
			kind: 'pdf',
			pages,
			refused: undefined,
		});
		expect(verdict?.failures).toEqual([]);
	});
});
