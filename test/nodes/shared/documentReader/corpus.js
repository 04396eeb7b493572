'use strict';
// The page count over a folder of real PDFs against every mainstream reader (support/oracles.js:
// pdf.js, poppler's pdfinfo, mupdf's mutool, qpdf): for each PDF, the reader's count beside theirs.
// Prints, folder by folder, how many each reads, how many the reader counts, how many cannot be
// counted, how many it counts below any of them (target: none) and, in the folders of real
// producers' files (texlive, debian-docs, sample-files), how many it counts otherwise than pdfinfo
// (target: none). The other folders hold the readers' own test files, many damaged on purpose:
// there, "cannot be counted" is the answer the reader owes. Then the most work and CPU any read took.
// Timings are printed, never asserted.
//
//   node scripts/with-node.js node test/nodes/shared/documentReader/corpus.js [folder] [--list] [--json]
//
// The folder defaults to ../shared/pdf-corpus beside the clone (its README names the folders; the
// files stay out of the repository); --list prints every PDF that cannot be counted or is counted
// below a reader or otherwise than pdfinfo; --json prints the figures as one line (pdfCorpus.test.ts).
// Reads the reader's TypeScript through TypeScript's transpiler: no build needed.
const fs = require('node:fs');
const path = require('node:path');
const oracles = require('./support/oracles');

const ROOT = path.resolve(__dirname, '../../../..');
/** The folders of real producers' files, each counted exactly as poppler counts it. */
const PRODUCERS = ['texlive', 'debian-docs', 'sample-files'];
/** The reader's most pages (index.ts): counts at or past it are equal. */
const MOST_PAGES = 100_000;

const args = process.argv.slice(2);
const folder = path.resolve(
	args.find((arg) => !arg.startsWith('--')) ??
		[path.join(ROOT, '../shared/pdf-corpus'), path.join(ROOT, '../../shared/pdf-corpus')].find(
			(dir) => fs.existsSync(dir),
		) ??
		path.join(ROOT, '../shared/pdf-corpus'),
);
const list = args.includes('--list');
const json = args.includes('--json');

const { loadTypeScript } = require('./support/loadTypeScript');

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

/** A file's folder of the corpus: the first folder under files/ (or under the folder given). */
function folderOf(file) {
	const parts = path.relative(folder, file).split(path.sep);
	return parts[0] === 'files' && parts.length > 2 ? parts[1] : parts.length > 1 ? parts[0] : '.';
}

async function main() {
	const packages = oracles.missing();
	if (packages.length > 0) {
		console.error(oracles.missingMessage(packages));
		process.exit(3);
	}
	const { readPdfPages } = loadTypeScript(
		path.join(ROOT, 'nodes/shared/documentReader/pdfPages.ts'),
	);
	const counter = oracles.counter();
	await counter.ready();
	const rows = [];
	for (const file of pdfsIn(folder)) {
		const data = fs.readFileSync(file);
		const { counts } = await counter.count(file, data);
		const start = process.cpuUsage();
		const { pages, work } = await readPdfPages(async () =>
			(async function* () {
				for (let at = 0; at < data.length; at += 64 * 1024) yield data.subarray(at, at + 64 * 1024);
			})(),
		);
		const used = process.cpuUsage(start);
		const below = oracles.NAMES.filter(
			(name) =>
				pages !== undefined &&
				counts[name] !== undefined &&
				pages < Math.min(counts[name], MOST_PAGES),
		);
		rows.push({
			file: path.relative(folder, file),
			folder: folderOf(file),
			size: data.length,
			counts,
			pages,
			below,
			overLimit: Boolean(work && work.total > work.limit && pages !== undefined),
			work: work && { total: work.total, limit: work.limit },
			cpuMs: (used.user + used.system) / 1000,
		});
	}
	await counter.close();

	const folders = {};
	for (const row of rows) {
		const f = (folders[row.folder] ??= {
			files: 0,
			read: Object.fromEntries(oracles.NAMES.map((name) => [name, 0])),
			counted: 0,
			uncounted: 0,
			below: 0,
			notAsPdfinfo: 0,
			overLimit: 0,
		});
		f.files++;
		for (const name of oracles.NAMES) if (row.counts[name] !== undefined) f.read[name]++;
		if (row.pages === undefined) f.uncounted++;
		else f.counted++;
		if (row.below.length > 0) f.below++;
		if (row.overLimit) f.overLimit++;
		row.notAsPdfinfo = PRODUCERS.includes(row.folder) && row.pages !== row.counts.poppler;
		if (row.notAsPdfinfo) f.notAsPdfinfo++;
	}
	const slowest = rows.reduce((top, row) => (row.cpuMs > (top.cpuMs ?? -1) ? row : top), {});
	const most = rows.reduce(
		(top, row) => ((row.work?.total ?? -1) > (top.work?.total ?? -1) ? row : top),
		{},
	);
	const flagged = rows.filter(
		(row) => row.pages === undefined || row.below.length > 0 || row.notAsPdfinfo || row.overLimit,
	);
	const report = {
		folder,
		producers: PRODUCERS,
		files: rows.length,
		folders,
		mostCpu: { ms: slowest.cpuMs, file: slowest.file, size: slowest.size },
		mostWork: most.work && { ...most.work, file: most.file },
		below: rows
			.filter((row) => row.below.length > 0)
			.map(({ file, pages, counts }) => ({ file, pages, counts })),
		notAsPdfinfo: rows
			.filter((row) => row.notAsPdfinfo)
			.map(({ file, pages, counts }) => ({ file, pages, counts })),
		overLimit: rows.filter((row) => row.overLimit).map(({ file, work }) => ({ file, work })),
	};
	if (json) {
		process.stdout.write(`${JSON.stringify(report)}\n`);
		return;
	}
	console.log(
		`${folder}: ${rows.length} PDFs, counted by the reader and by ${oracles.NAMES.join(', ')}`,
	);
	const pad = (text, width) => String(text).padStart(width);
	console.log(
		`${'folder'.padEnd(14)}${pad('files', 6)}${oracles.NAMES.map((name) => pad(name, 8)).join('')}${pad('counted', 9)}${pad('cannot', 8)}${pad('below', 7)}${pad('≠pdfinfo', 10)}`,
	);
	for (const [name, f] of Object.entries(folders))
		console.log(
			`${name.padEnd(14)}${pad(f.files, 6)}${oracles.NAMES.map((oracle) => pad(f.read[oracle], 8)).join('')}${pad(f.counted, 9)}${pad(f.uncounted, 8)}${pad(f.below, 7)}${pad(PRODUCERS.includes(name) ? f.notAsPdfinfo : '-', 10)}`,
		);
	console.log(`counted below a reader: ${report.below.length} (target 0)`);
	console.log(
		`real producers' files counted otherwise than pdfinfo: ${report.notAsPdfinfo.length} (target 0)`,
	);
	console.log(`counted with work past the limit: ${report.overLimit.length} (target 0)`);
	if (most.work)
		console.log(
			`most work: ${most.work.total} of ${most.work.limit} (${most.file}, ${most.size} bytes)`,
		);
	console.log(`most CPU: ${slowest.cpuMs?.toFixed(1)} ms (${slowest.file}, ${slowest.size} bytes)`);
	if (list)
		for (const row of flagged)
			console.log(
				`${row.below.length > 0 ? 'BELOW' : row.notAsPdfinfo ? 'NOT-AS-PDFINFO' : row.overLimit ? 'OVER-LIMIT' : 'uncounted'}\t${row.file}\tours ${row.pages}\t${JSON.stringify(row.counts)}\t${row.size}`,
			);
	process.exitCode =
		report.below.length + report.notAsPdfinfo.length + report.overLimit.length > 0 ? 1 : 0;
}

// pdf.js leaves some of a damaged file's promises rejected after its document is destroyed: not ours.
process.on('unhandledRejection', () => {});
main().catch((error) => {
	console.error(error);
	process.exitCode = 2;
});
