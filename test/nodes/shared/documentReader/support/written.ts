/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// What a written PDF is to the tools installed beside the tests (scripts/ensure-pdf-readers.sh):
// poppler's page count and qpdf's check, each on a file of its own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `command` run on `pdf` written to a temporary file: its exit status and all it printed. */
function runOn(pdf: Buffer, command: string, args: string[]) {
	const folder = mkdtempSync(join(tmpdir(), 'written-'));
	try {
		const file = join(folder, 'written.pdf');
		writeFileSync(file, pdf);
		const run = spawnSync(command, [...args, file], { encoding: 'latin1' });
		return { status: run.status, output: `${run.stdout}${run.stderr}` };
	} catch (error) {
		return { status: -1, output: String(error) };
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

/** pdfinfo's `Pages:`, with anything else it printed on standard error (a warning: the test fails on it). */
export function pdfinfoPages(pdf: Buffer): { pages: number; warnings: string } {
	const { output } = runOn(pdf, 'pdfinfo', []);
	const pages = Number(/^Pages:\s+(\d+)/m.exec(output)?.[1] ?? NaN);
	const warnings = output
		.split('\n')
		.filter((line) => /error|warning/i.test(line))
		.join('\n');
	return { pages, warnings };
}

/** `qpdf --check`: its status (0 without warnings) and what it printed. */
export function qpdfCheck(pdf: Buffer): { status: number | null; output: string } {
	return runOn(pdf, 'qpdf', ['--check']);
}

/** The PDF the reader writes from `pdf`, whole: what Send uploads for it. */
export async function writtenPdf(pdf: Buffer): Promise<Buffer> {
	const { readDocument } = await import('../../../../../nodes/shared/documentReader');
	const read = await readDocument({
		open: async () =>
			(async function* () {
				yield pdf;
			})(),
		mimeType: 'application/pdf',
		size: pdf.length,
	});
	if (!read.written) throw new Error(`The PDF was not counted: ${read.refused}`);
	const pieces: Uint8Array[] = [];
	for await (const piece of await read.written.open()) pieces.push(piece);
	return Buffer.concat(pieces);
}
