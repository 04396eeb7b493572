// pdf.js's page count of PDFs, the reference the page count's tests and test/nodes/shared/documentReader/corpus.js
// compare with: `node test/nodes/shared/documentReader/support/pdfjs-pages.mjs FILE…` (Node 24: pdfjs-dist is ESM for it)
// prints one JSON line a file, `{"file", "pages"}` or `{"file", "error"}`.
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

for (const file of process.argv.slice(2)) {
	let line;
	try {
		const data = new Uint8Array(readFileSync(file));
		const task = getDocument({ data, verbosity: 0, isEvalSupported: false, useSystemFonts: false });
		const pdf = await task.promise;
		line = { file, pages: pdf.numPages };
		await task.destroy();
	} catch (error) {
		line = { file, error: String(error?.message ?? error).slice(0, 200) };
	}
	process.stdout.write(`${JSON.stringify(line)}\n`);
}
