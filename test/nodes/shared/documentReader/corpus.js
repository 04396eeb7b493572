'use strict';
// The node's reading of a folder of real PDFs (issue 105): each PDF read by the node, which writes
// the PDF it would send; the written PDF through the written check (support/writtenCheck.js), and
// the original read by the same readers (pdf.js, pdfinfo, mutool, qpdf). Prints, folder by folder,
// how many the node counts, why it refuses the others, and four lists, each with a target of none:
// written PDFs failing the check; PDFs some reader counts without a password that the node does not
// count; counts answered with work past the limit; steps that never end (3 minutes). In the folders
// of real producers' files (texlive, debian-docs, sample-files) it also lists counts other than
// pdfinfo's (target: none).
//
// --render: for each PDF whose original the four readers read without a warning and count alike,
// every page of the original and of the written PDF rendered by `pdftoppm -r 20 -gray` and compared
// byte for byte (PGM); the pages that differ are listed with the file. Timings are printed, never
// asserted.
//
//   node scripts/with-node.js node test/nodes/shared/documentReader/corpus.js [folder] [--list] [--json] [--render] [--progress]
//
// The folder defaults to ../shared/pdf-corpus beside the clone (its README names the folders; the
// files stay out of the repository). Reads the reader's TypeScript through TypeScript's transpiler.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const oracles = require('./support/oracles');
const writtenCheck = require('./support/writtenCheck');
const { loadTypeScript } = require('./support/loadTypeScript');

const ROOT = path.resolve(__dirname, '../../../..');
/** The folders of real producers' files, each counted exactly as poppler counts it. */
const PRODUCERS = ['texlive', 'debian-docs', 'sample-files'];
/** Rendering resolution (dots per inch): enough to see a page's content move, little work. */
const RENDER_DPI = 20;

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
const render = args.includes('--render');
const progress = args.includes('--progress');
/** Wall time one step of one file may take (a busy machine's) before it never ended. */
const STEP_MS = 180_000;

/** `promise`, or `{ neverEnded: what }` once STEP_MS have passed without it settling. */
function within(promise, what) {
	let timer;
	const late = new Promise((resolve) => {
		timer = setTimeout(() => resolve({ neverEnded: what }), STEP_MS);
	});
	return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

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

/** Each page of `file` as PGM bytes, rendered by pdftoppm into `dir`. */
function pagesOf(file, dir) {
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir);
	execFileSync('pdftoppm', ['-r', String(RENDER_DPI), '-gray', file, path.join(dir, 'p')], {
		stdio: 'ignore',
		timeout: 300_000,
	});
	return fs
		.readdirSync(dir)
		.sort()
		.map((name) => fs.readFileSync(path.join(dir, name)));
}

/** The pages (1-based) whose renderings differ, and whether the page counts differ. */
function renderedDifferences(original, written, scratch) {
	const before = pagesOf(original, path.join(scratch, 'before'));
	const after = pagesOf(written, path.join(scratch, 'after'));
	const differing = [];
	for (let at = 0; at < Math.max(before.length, after.length); at++)
		if (!before[at] || !after[at] || !before[at].equals(after[at])) differing.push(at + 1);
	return { pages: before.length, differing };
}

async function main() {
	const packages = oracles.missing();
	if (packages.length > 0) {
		console.error(oracles.missingMessage(packages));
		process.exit(3);
	}
	const dir = path.join(ROOT, 'nodes/shared/documentReader');
	const { readDocument } = loadTypeScript(path.join(dir, 'index.ts'));
	const { readPdfPages } = loadTypeScript(path.join(dir, 'pdfPages.ts'));
	const check = writtenCheck.checker();
	await check.ready();
	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'reader-corpus-'));
	const written = path.join(scratch, 'written.pdf');
	const rows = [];
	for (const file of pdfsIn(folder)) {
		const data = fs.readFileSync(file);
		if (progress) process.stderr.write(`${path.relative(folder, file)}\n`);
		const original = await within(check.file(file), 'the readers of the original');
		const start = process.cpuUsage();
		const answer = await within(
			writtenCheck.readAndCheck(readDocument, check, data, written),
			'the node, or the readers of its written PDF',
		);
		const used = process.cpuUsage(start);
		if (original.neverEnded || answer.neverEnded) {
			rows.push({
				file: path.relative(folder, file),
				folder: folderOf(file),
				neverEnded: original.neverEnded ?? answer.neverEnded,
				counts: {},
				readBy: [],
				failures: [],
			});
			continue;
		}
		const { read, verdict } = answer;
		const { work } = await readPdfPages(writtenCheck.openBytes(data));
		// Warnings only of content streams the original has too are the original's (copied byte for byte).
		const copiedContent = Boolean(verdict?.contentOnly && writtenCheck.contentWarnings(file));
		const counts = original.counts;
		// The readers' own counts (mutool pages lists a page even of a file mupdf does not open).
		const readBy = oracles.NAMES.filter((name) => counts[name] > 0);
		const agreed = new Set(Object.values(counts)).size === 1 && readBy.length > 0;
		const row = {
			file: path.relative(folder, file),
			folder: folderOf(file),
			size: data.length,
			counts,
			pages: read.pages,
			refused: read.refused,
			// Read by every reader without a warning, each counting alike: its pages are rendered.
			clean: original.failures.length === 0 && agreed,
			readBy,
			failures: copiedContent ? [] : (verdict?.failures ?? []),
			copiedContent,
			overLimit: Boolean(work && work.total > work.limit && read.pages !== undefined),
			work: work && { total: work.total, limit: work.limit },
			cpuMs: (used.user + used.system) / 1000,
		};
		if (render && row.clean && row.pages !== undefined && row.failures.length === 0)
			row.rendered = renderedDifferences(file, written, scratch);
		rows.push(row);
	}
	await check.close();
	fs.rmSync(scratch, { recursive: true, force: true });

	const folders = {};
	for (const row of rows) {
		const f = (folders[row.folder] ??= {
			files: 0,
			counted: 0,
			refused: {},
			writtenFails: 0,
			readNotCounted: 0,
			notAsPdfinfo: 0,
			rendered: 0,
			renderedOtherwise: 0,
		});
		f.files++;
		if (row.neverEnded) {
			f.neverEnded = (f.neverEnded ?? 0) + 1;
			continue;
		}
		if (row.pages === undefined) {
			const reason = row.refused ?? 'not a PDF';
			f.refused[reason] = (f.refused[reason] ?? 0) + 1;
		} else f.counted++;
		if (row.failures.length > 0) f.writtenFails++;
		// A file refused as encrypted is no exception: a reader that counts it opened it.
		row.readNotCounted = row.pages === undefined && row.readBy.length > 0;
		if (row.readNotCounted) f.readNotCounted++;
		row.notAsPdfinfo = PRODUCERS.includes(row.folder) && row.pages !== row.counts.poppler;
		if (row.notAsPdfinfo) f.notAsPdfinfo++;
		if (row.rendered) f.rendered++;
		if (row.rendered?.differing.length > 0) f.renderedOtherwise++;
	}
	const slowest = rows.reduce((top, row) => (row.cpuMs > (top.cpuMs ?? -1) ? row : top), {});
	const pick = (keep, ...fields) =>
		rows
			.filter(keep)
			.map((row) => Object.fromEntries(['file', ...fields].map((name) => [name, row[name]])));
	const report = {
		folder,
		producers: PRODUCERS,
		files: rows.length,
		folders,
		mostCpu: { ms: slowest.cpuMs, file: slowest.file, size: slowest.size },
		writtenFails: pick((row) => row.failures.length > 0, 'pages', 'failures'),
		readNotCounted: pick((row) => row.readNotCounted, 'refused', 'counts'),
		notAsPdfinfo: pick((row) => row.notAsPdfinfo, 'pages', 'counts'),
		overLimit: pick((row) => row.overLimit, 'work'),
		neverEnded: pick((row) => row.neverEnded, 'neverEnded'),
		rendered: rows.filter((row) => row.rendered).length,
		renderedOtherwise: pick((row) => row.rendered?.differing.length > 0, 'rendered'),
	};
	if (json) {
		process.stdout.write(`${JSON.stringify(report)}\n`);
		return;
	}
	console.log(`${folder}: ${rows.length} PDFs, each written and checked`);
	const pad = (text, width) => String(text).padStart(width);
	console.log(
		`${'folder'.padEnd(14)}${pad('files', 6)}${pad('counted', 9)}${pad('written✗', 10)}${pad('read,uncounted', 16)}${pad('≠pdfinfo', 10)}${render ? `${pad('rendered', 10)}${pad('differ', 8)}` : ''}  cannot be counted`,
	);
	for (const [name, f] of Object.entries(folders))
		console.log(
			`${name.padEnd(14)}${pad(f.files, 6)}${pad(f.counted, 9)}${pad(f.writtenFails, 10)}${pad(f.readNotCounted, 16)}${pad(PRODUCERS.includes(name) ? f.notAsPdfinfo : '-', 10)}${render ? `${pad(f.rendered, 10)}${pad(f.renderedOtherwise, 8)}` : ''}  ${JSON.stringify(f.refused)}`,
		);
	console.log(`written PDFs failing the check: ${report.writtenFails.length} (target 0)`);
	console.log(`read by a reader, not counted: ${report.readNotCounted.length} (target 0)`);
	console.log(`producers' files counted otherwise than pdfinfo: ${report.notAsPdfinfo.length}`);
	console.log(`counted with work past the limit: ${report.overLimit.length} (target 0)`);
	console.log(`never ended: ${JSON.stringify(report.neverEnded)} (target none)`);
	if (render)
		console.log(
			`rendered: ${report.rendered}; pages rendered otherwise: ${report.renderedOtherwise.length} files`,
		);
	console.log(`most CPU: ${slowest.cpuMs?.toFixed(1)} ms (${slowest.file}, ${slowest.size} bytes)`);
	if (list)
		for (const [kind, entries] of Object.entries({
			WRITTEN: report.writtenFails,
			UNCOUNTED: report.readNotCounted,
			'NOT-AS-PDFINFO': report.notAsPdfinfo,
			'OVER-LIMIT': report.overLimit,
			'NEVER-ENDED': report.neverEnded,
			RENDERED: report.renderedOtherwise,
		}))
			for (const entry of entries) console.log(`${kind}\t${JSON.stringify(entry)}`);
	process.exitCode =
		report.writtenFails.length +
			report.readNotCounted.length +
			report.overLimit.length +
			report.neverEnded.length >
		0
			? 1
			: 0;
}

// pdf.js leaves some of a damaged file's promises rejected after its document is destroyed: not ours.
process.on('unhandledRejection', () => {});
main().catch((error) => {
	console.error(error);
	process.exitCode = 2;
});
