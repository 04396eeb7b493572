'use strict';
// The page count over a folder of real PDFs, against pdf.js: for each PDF pdf.js reads, our count
// beside pdf.js's and the work our read took. Prints how many cannot be counted (target: at most 5%
// of those pdf.js reads), how many are counted below pdf.js (target: none), and the most work and
// CPU any took. Timings are printed, never asserted.
//
//   npm run build && node scripts/with-node.js node test/nodes/shared/documentReader/corpus.js [folder] [--list]
//
// The folder defaults to ../shared/pdf-corpus beside the clone (issue 87's 460 PDFs; they stay out
// of the repository); --list prints every PDF that cannot be counted or is counted below pdf.js.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../../..');
const args = process.argv.slice(2);
const folder = path.resolve(
	args.find((arg) => !arg.startsWith('--')) ?? path.join(ROOT, '../shared/pdf-corpus'),
);
const list = args.includes('--list');

function pdfsIn(dir) {
	return fs
		.readdirSync(dir, { withFileTypes: true })
		.flatMap((entry) => {
			const file = path.join(dir, entry.name);
			if (entry.isDirectory()) return pdfsIn(file);
			return /\.pdf$/i.test(entry.name) ? [file] : [];
		})
		.sort();
}

async function pdfJsPages(getDocument, data) {
	try {
		const task = getDocument({ data: new Uint8Array(data), verbosity: 0, isEvalSupported: false });
		const pdf = await task.promise;
		const pages = pdf.numPages;
		await task.destroy();
		return pages;
	} catch {
		return undefined;
	}
}

async function main() {
	const { readPdfPages } = require(path.join(ROOT, 'dist/nodes/shared/documentReader/pdfPages.js'));
	const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
	const files = pdfsIn(folder);
	const rows = [];
	for (const file of files) {
		const data = fs.readFileSync(file);
		const reference = await pdfJsPages(getDocument, data);
		const start = process.cpuUsage();
		const { pages, work } = await readPdfPages(async () =>
			(async function* () {
				for (let at = 0; at < data.length; at += 64 * 1024) yield data.subarray(at, at + 64 * 1024);
			})(),
		);
		const used = process.cpuUsage(start);
		rows.push({
			file: path.relative(folder, file),
			size: data.length,
			reference,
			pages,
			work,
			cpuMs: (used.user + used.system) / 1000,
		});
	}
	const read = rows.filter((row) => row.reference !== undefined && row.reference > 0);
	const uncounted = read.filter((row) => row.pages === undefined);
	const below = read.filter((row) => row.pages !== undefined && row.pages < row.reference);
	const above = read.filter((row) => row.pages !== undefined && row.pages > row.reference);
	const most = (key) =>
		rows.reduce(
			(top, row) => (row.work && row.work[key] > (top.work?.[key] ?? -1) ? row : top),
			{},
		);
	const slowest = rows.reduce((top, row) => (row.cpuMs > (top.cpuMs ?? -1) ? row : top), {});
	const percent = (part) => ((100 * part) / Math.max(1, read.length)).toFixed(1);
	console.log(`${folder}: ${rows.length} PDFs, ${read.length} with pages read by pdf.js`);
	console.log(
		`cannot be counted: ${uncounted.length} (${percent(uncounted.length)}%; target at most 5%)`,
	);
	console.log(`counted below pdf.js: ${below.length} (target 0)`);
	console.log(`counted above pdf.js: ${above.length}`);
	for (const key of ['total', 'tokenized', 'scanned', 'decoded', 'objects', 'sections']) {
		const top = most(key);
		if (top.work)
			console.log(
				`most ${key}: ${top.work[key]} (${top.file}, ${top.size} bytes, limit ${top.work.limit})`,
			);
	}
	console.log(`most CPU: ${slowest.cpuMs?.toFixed(1)} ms (${slowest.file}, ${slowest.size} bytes)`);
	if (list)
		for (const row of [...uncounted, ...below, ...above])
			console.log(
				`${row.pages === undefined ? 'uncounted' : row.pages < row.reference ? 'BELOW' : 'above'}\t${row.file}\tpdf.js ${row.reference}\tours ${row.pages}\t${row.size}`,
			);
	process.exitCode = below.length > 0 ? 1 : 0;
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 2;
});
