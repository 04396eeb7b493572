/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Issue 105's classes (support/pdf-classes.ts: files readers read two ways, built here), each
// through the node's reader: counted, and the PDF it writes reads one way — `qpdf --check` clean,
// no warning from pdfinfo or mutool, and pdf.js, poppler, mupdf and qpdf each counting the node's
// pages (support/writtenCheck.js). The four readers read only the written files, one pdf.js worker.
// A written file with one table offset moved fails the same check: the check can fail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDocument } from '../../../../nodes/shared/documentReader';
import { ORIGINAL_COUNTS, classes, movedOffset } from './support/pdf-classes';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS check, shared with fuzz.js and corpus.js
const written = require('./support/writtenCheck') as {
	checker: (options?: { cpuSeconds?: number }) => Checker;
	readAndCheck: (
		read: typeof readDocument,
		check: Checker,
		pdf: Buffer,
		file: string,
	) => Promise<{ read: { pages?: number; refused?: unknown }; verdict?: Verdict }>;
	saveWritten: (written: unknown, file: string) => Promise<string | undefined>;
};
interface Verdict {
	ok: boolean;
	failures: string[];
}
interface Checker {
	ready: () => Promise<void>;
	file: (file: string, pages?: number) => Promise<Verdict>;
	close: () => Promise<void>;
}

const dir = mkdtempSync(join(tmpdir(), 'written-classes-'));
const check = written.checker({ cpuSeconds: 5 });
beforeAll(async () => await check.ready());
afterAll(async () => {
	await check.close();
	rmSync(dir, { recursive: true, force: true });
});

describe('issue 105: each class is counted, and what the node writes reads one way', () => {
	// The originals' counts by pdf.js, poppler, mupdf and qpdf, recorded beside the builder, name each case.
	for (const [name, pdf] of classes()) {
		it(`${name} (originals: ${ORIGINAL_COUNTS[name]})`, async () => {
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
	}
});

describe('the written check fails a broken writer', () => {
	it('the written plain file with one table offset moved by 3 bytes: qpdf --check fails it', async () => {
		const [[, plain]] = classes();
		const file = join(dir, 'plain.pdf');
		const { read, verdict } = await written.readAndCheck(readDocument, check, plain, file);
		expect(verdict?.failures).toEqual([]);
		const { writeFileSync, readFileSync } = await import('node:fs');
		writeFileSync(file, movedOffset(readFileSync(file)));
		const broken = await check.file(file, read.pages);
		expect(broken.ok).toBe(false);
		expect(broken.failures.join('\n')).toMatch(/^qpdf --check exits/m);
	});

	it('a count one above the written pages: every reader is named', async () => {
		const [[, plain]] = classes();
		const file = join(dir, 'plain.pdf');
		const { read } = await written.readAndCheck(readDocument, check, plain, file);
		const { failures } = await check.file(file, (read.pages ?? 0) + 1);
		expect(failures).toEqual(
			['pdfjs', 'qpdf', 'poppler', 'mupdf', 'mupdfPages'].map(
				(name) => `${name} counts ${read.pages}, the node ${(read.pages ?? 0) + 1}`,
			),
		);
	});
});
