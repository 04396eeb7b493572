'use strict';
// What counting a PDF's pages costs (nodes/shared/documentReader/pdfPages.ts): CPU and memory for issue
// 87's adversary documents (test/nodes/shared/documentReader/support/pdf-crafted.ts) and an ordinary large PDF. Issue 87's goal
// is at most 250 ms of CPU and 64 MB for each; printed, never asserted (a busy machine is slower).
//
//   npm run build && node scripts/with-node.js node --expose-gc test/nodes/shared/documentReader/bench.js
//
// Each document is read in a process of its own, after it is made, so its peak memory is its own.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../../..');
const CASES = [
	'object-stream-chain',
	'overlapping-xref-streams',
	'wrong-generation',
	'freed-count',
	'count-0',
	'count-9999999999-over-1',
	'ordinary-500-pages-64-mb',
];

/** Loads the test support's TypeScript (pdf-crafted.ts, pdf.ts) through TypeScript's transpiler. */
function loadTypeScript(file) {
	const ts = require('typescript');
	require.extensions['.ts'] = (module, filename) => {
		const source = fs.readFileSync(filename, 'utf8');
		const { outputText } = ts.transpileModule(source, {
			compilerOptions: {
				module: ts.ModuleKind.CommonJS,
				target: ts.ScriptTarget.ES2022,
				esModuleInterop: true,
			},
		});
		module._compile(outputText, filename);
	};
	return require(file);
}

async function document(name) {
	const crafted = loadTypeScript(
		path.join(ROOT, 'test/nodes/shared/documentReader/support/pdf-crafted.ts'),
	);
	if (name !== 'ordinary-500-pages-64-mb') return (await crafted.craftedPdfs())[name];
	const { pdfLibPdf } = loadTypeScript(
		path.join(ROOT, 'test/nodes/shared/documentReader/support/pdf.ts'),
	);
	return await pdfLibPdf(500, true, 64 * 1024 * 1024);
}

async function measure(name) {
	const { readPdfPages } = require(path.join(ROOT, 'dist/nodes/shared/documentReader/pdfPages.js'));
	const pdf = await document(name);
	global.gc?.();
	const before = process.memoryUsage();
	const start = process.cpuUsage();
	const { pages, work } = await readPdfPages(async () =>
		(async function* () {
			for (let at = 0; at < pdf.length; at += 64 * 1024) yield pdf.subarray(at, at + 64 * 1024);
		})(),
	);
	const cpu = process.cpuUsage(start);
	const after = process.memoryUsage();
	const held = (usage) => usage.heapUsed + usage.arrayBuffers;
	console.log(
		JSON.stringify({
			name,
			bytes: pdf.length,
			pages: pages ?? 'cannot be counted',
			cpuMs: Math.round((cpu.user + cpu.system) / 100) / 10,
			// Memory the read still held at its end, and the process's peak (the document included).
			heldMB: Math.round((held(after) - held(before)) / 1e5) / 10,
			peakRssMB: Math.round(process.resourceUsage().maxRSS / 1e2) / 10,
			work: work && `${work.total} of ${work.limit}`,
		}),
	);
}

if (process.argv[2])
	measure(process.argv[2]).catch((error) => {
		console.error(error);
		process.exitCode = 1;
	});
else {
	console.log('PDF page count: CPU and memory per document (goal: at most 250 ms and 64 MB each)');
	for (const name of CASES) {
		const run = spawnSync(process.execPath, ['--expose-gc', __filename, name], {
			encoding: 'utf8',
		});
		process.stdout.write(run.stdout || run.stderr);
	}
}
