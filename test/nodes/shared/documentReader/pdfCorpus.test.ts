/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The page count over real PDFs against pdf.js: `../shared/pdf-corpus` beside the clone (460 public
// PDFs, kept outside the repository; CI has a copy there). Of those pdf.js reads, at most 5% cannot be
// counted and none is counted below pdf.js; each read stays within its budget. Skipped, saying so,
// where the folder is absent. test/nodes/shared/documentReader/corpus.js prints the same figures in detail.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPdfPages } from '../../../../nodes/shared/documentReader/pdfPages';

const CORPUS = join(__dirname, '../../../../../shared/pdf-corpus');

function pdfsIn(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true })
		.flatMap((entry) => {
			const file = join(dir, entry.name);
			if (entry.isDirectory()) return pdfsIn(file);
			return entry.name.toLowerCase().endsWith('.pdf') ? [file] : [];
		})
		.sort();
}

const present = existsSync(CORPUS);

(present ? describe : describe.skip)(
	present ? 'PDF page count over real PDFs, against pdf.js' : `Skipped: no PDF corpus at ${CORPUS}`,
	() => {
		it('counts at most 5% of the PDFs pdf.js reads as "cannot be counted", none below pdf.js, each within its budget', async () => {
			const files = pdfsIn(CORPUS);
			expect(files.length).toBeGreaterThan(100);
			const reference = new Map<string, number | undefined>(
				execFileSync(process.execPath, [join(__dirname, './support/pdfjs-pages.mjs'), ...files], {
					encoding: 'utf8',
					maxBuffer: 64 * 1024 * 1024,
				})
					.trim()
					.split('\n')
					.map((line) => JSON.parse(line) as { file: string; pages?: number })
					.map(({ file, pages }) => [file, pages]),
			);
			const uncounted: string[] = [];
			const below: string[] = [];
			let read = 0;
			for (const file of files) {
				const expected = reference.get(file);
				if (!expected) continue;
				read++;
				const data = readFileSync(file);
				const { pages, work } = await readPdfPages(async () =>
					(async function* () {
						yield data;
					})(),
				);
				if (work) expect(work.total).toBeLessThanOrEqual(work.limit);
				if (pages === undefined) uncounted.push(file);
				else if (pages < expected) below.push(`${file}: ${pages} < ${expected}`);
			}
			expect(read).toBeGreaterThan(100);
			expect(below).toEqual([]);
			expect(uncounted.length).toBeLessThanOrEqual(read * 0.05);
		});
	},
);
