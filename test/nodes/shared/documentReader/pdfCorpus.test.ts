/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The page count over real PDFs against every mainstream reader: `../shared/pdf-corpus` beside the
// clone (460 public PDFs, kept outside the repository; CI has a copy there; its README names the
// folders), counted by the reader and by pdf.js, poppler, mupdf and qpdf (corpus.js, in a child
// process, prints the same figures in detail). Every real producer's file (texlive, debian-docs,
// sample-files) is counted exactly as pdfinfo counts it; no file is counted below any reader, nor
// with work past its limit; and of the readers' own test files (pdfjs, qpdf, pypdf, pdf-lib, many
// damaged on purpose) so many cannot be counted. Skipped, saying so, where the folder is absent.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const CORPUS = join(__dirname, '../../../../../shared/pdf-corpus');
const present = existsSync(CORPUS);

interface FolderFigures {
	files: number;
	counted: number;
	uncounted: number;
	below: number;
	notAsPdfinfo: number;
}
interface CorpusReport {
	files: number;
	folders: Record<string, FolderFigures>;
	below: unknown[];
	notAsPdfinfo: unknown[];
	overLimit: unknown[];
}

/** Of the readers' own test files, how many cannot be counted, folder by folder. */
const UNCOUNTED = { 'pdf-lib': 9, pdfjs: 53, pypdf: 3, qpdf: 72 };

(present ? describe : describe.skip)(
	present
		? 'PDF page count over real PDFs, against pdf.js, poppler, mupdf and qpdf'
		: `Skipped: no PDF corpus at ${CORPUS}`,
	() => {
		let report: CorpusReport;
		beforeAll(() => {
			report = JSON.parse(
				execFileSync(process.execPath, [join(__dirname, 'corpus.js'), CORPUS, '--json'], {
					encoding: 'utf8',
					maxBuffer: 64 * 1024 * 1024,
				}),
			) as CorpusReport;
		});

		it('counts every real producer’s PDF (texlive, debian-docs, sample-files) exactly as pdfinfo counts it', () => {
			expect(report.files).toBeGreaterThan(400);
			for (const folder of ['texlive', 'debian-docs', 'sample-files']) {
				const { files, counted } = report.folders[folder];
				expect({ folder, files: files > 0, counted }).toEqual({
					folder,
					files: true,
					counted: files,
				});
			}
			expect(report.notAsPdfinfo).toEqual([]);
		});

		it('counts no PDF below pdf.js, poppler, mupdf or qpdf, none with work past its limit', () => {
			expect(report.below).toEqual([]);
			expect(report.overLimit).toEqual([]);
		});

		it(`of the readers' own test files, cannot count ${Object.entries(UNCOUNTED)
			.map(([folder, count]) => `${count} in ${folder}`)
			.join(', ')}`, () => {
			const uncounted = Object.fromEntries(
				Object.keys(UNCOUNTED).map((folder) => [folder, report.folders[folder].uncounted]),
			);
			expect(uncounted).toEqual(UNCOUNTED);
		});
	},
);
