'use strict';
// What reading a document costs (nodes/shared/documentReader/index.ts, readDocument): CPU and
// memory for issue 87's adversary documents (support/pdf-crafted.ts), an ordinary large PDF, and
// issue 101's (support/pdf-patterns.ts: an AES-256 file of 64 trailers each with its own /Encrypt,
// a damaged 6,000-page tree, 5 MB of ` obj` after `startxref`, TIFFs of 63 MB with 99,990
// directories and with one), and issue 105's costs past the bounds (support/pdf-patterns.ts,
// COST_BOUNDS: an xref stream of zero-width rows, GIFs of 1-byte sub-blocks, one-object object
// streams, 700,000 free table entries). The goal is at most 250 ms of CPU and 64 MB for each; each
// line prints its CPU and peak memory as a share of the goal. Printed, never asserted (a busy
// machine is slower).
//
//   node scripts/with-node.js node --expose-gc test/nodes/shared/documentReader/bench.js [name…] [--write DIR]
//
// Each document is read in a process of its own, after it is made, so its peak memory is its own:
// what the read held at its end, and the process's peak above what it held once the document was
// made. --write DIR writes each document there (to compare with other readers). Reads the
// TypeScript sources through TypeScript's transpiler: no build needed.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { loadTypeScript } = require('./support/loadTypeScript');

const ROOT = path.resolve(__dirname, '../../../..');
const CASES = [
	'object-stream-chain',
	'overlapping-xref-streams',
	'wrong-generation',
	'freed-count',
	'count-0',
	'count-9999999999-over-1',
	'ordinary-500-pages-64-mb',
	'AES-256, 64 trailers',
	'damaged 6,000-page tree',
	'5 MB of " obj" after startxref',
	'TIFF of 63 MB, 99,990 directories',
	'TIFF of 63 MB, one directory',
	'xref stream of /W [0 0 0], 600 KB',
	'GIF of 1-byte sub-blocks, 64 MB',
	'GIF of 1-byte sub-blocks, 150 MB',
	'2,000 one-object object streams',
	'20,000 one-object object streams',
	'700,000 free table entries',
];
/** The goal for any document up to 150 MB: CPU milliseconds and megabytes above what was held before the read. */
const GOAL = { cpuMs: 250, memoryMB: 64 };

async function document(name) {
	const { ISSUE_101_DOCUMENTS, COST_BOUNDS } = loadTypeScript(
		path.join(__dirname, 'support/pdf-patterns.ts'),
	);
	if (ISSUE_101_DOCUMENTS[name]) return ISSUE_101_DOCUMENTS[name]();
	if (COST_BOUNDS[name]) return COST_BOUNDS[name]();
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
	const { readDocument } = loadTypeScript(path.join(ROOT, 'nodes/shared/documentReader/index.ts'));
	const pdf = await document(name);
	const write = process.argv.indexOf('--write');
	if (write > 0)
		fs.writeFileSync(
			path.join(
				process.argv[write + 1],
				`${name.replace(/[^a-z0-9]+/gi, '-')}.${pdf[0] === 0x49 ? 'tif' : 'pdf'}`,
			),
			pdf,
		);
	global.gc?.();
	const before = process.memoryUsage();
	const rss = before.rss;
	const start = process.cpuUsage();
	const { kind, pages } = await readDocument({
		open: async () =>
			(async function* () {
				for (let at = 0; at < pdf.length; at += 64 * 1024) yield pdf.subarray(at, at + 64 * 1024);
			})(),
		mimeType: 'application/octet-stream',
		size: pdf.length,
	});
	const cpu = process.cpuUsage(start);
	const after = process.memoryUsage();
	const held = (usage) => usage.heapUsed + usage.arrayBuffers;
	const cpuMs = Math.round((cpu.user + cpu.system) / 100) / 10;
	const peakAboveMB = Math.max(
		0,
		Math.round((process.resourceUsage().maxRSS * 1024 - rss) / 1e5) / 10,
	);
	console.log(
		JSON.stringify({
			name,
			bytes: pdf.length,
			kind,
			pages: pages ?? 'cannot be counted',
			cpuMs,
			// Memory the read still held at its end, and the process's peak above what it held before it.
			heldMB: Math.round((held(after) - held(before)) / 1e5) / 10,
			peakAboveMB,
			// Each as a share of the goal: above 1 is past the bound.
			ofGoal: {
				cpu: Math.round((cpuMs / GOAL.cpuMs) * 100) / 100,
				memory: Math.round((peakAboveMB / GOAL.memoryMB) * 100) / 100,
			},
		}),
	);
}

if (process.argv[2] === '--one')
	measure(process.argv[3]).catch((error) => {
		console.error(error);
		process.exitCode = 1;
	});
else {
	console.log(
		`PDF page count: CPU and memory per document (goal: at most ${GOAL.cpuMs} ms and ${GOAL.memoryMB} MB each)`,
	);
	const asked = process.argv
		.slice(2)
		.filter((arg, at, all) => !arg.startsWith('--') && all[at - 1] !== '--write');
	const write = process.argv.indexOf('--write');
	for (const name of asked.length > 0 ? asked : CASES) {
		const run = spawnSync(
			process.execPath,
			[
				'--expose-gc',
				__filename,
				'--one',
				name,
				...(write > 0 ? ['--write', process.argv[write + 1]] : []),
			],
			{ encoding: 'utf8' },
		);
		process.stdout.write(run.stdout || run.stderr);
	}
}
