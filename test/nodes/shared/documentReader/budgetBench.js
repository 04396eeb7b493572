'use strict';
// What a unit of the PDF reader's budget costs (nodes/shared/documentReader/pdfBudget.ts): the worst
// pattern of each kind (support/pdf-patterns.ts: numbers, references, names, strings, arrays,
// dictionaries, streams, Flate data, table entries, a damaged document's rebuild) and issue 105's PDF costs
// past the bounds (COST_BOUNDS: zero-width xref rows, one-object object streams, free table
// entries), each repeated past the budget, read in a fresh process of its own, several times; the slowest run is kept. Prints each
// one's CPU, its work in units and the nanoseconds a unit, then the worst: the budget's most times
// that must stay within 250 ms.
// Printed, never asserted (a busy machine is slower).
//
//   node scripts/with-node.js node test/nodes/shared/documentReader/budgetBench.js [runs] [pattern…]
//
// Reads the TypeScript sources through TypeScript's transpiler: no build needed.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../../..');
const GOAL_MS = 250;

const { loadTypeScript } = require('./support/loadTypeScript');

/** The budget's patterns and issue 105's PDF costs past the bounds (its GIFs are not PDFs). */
function patterns() {
	const { BUDGET_PATTERNS, COST_BOUNDS } = loadTypeScript(
		path.join(__dirname, 'support/pdf-patterns.ts'),
	);
	const pdfs = Object.entries(COST_BOUNDS).filter(([name]) => !name.startsWith('GIF'));
	return { ...BUDGET_PATTERNS, ...Object.fromEntries(pdfs) };
}

/** One read of one pattern, in this process: its figures as a line of JSON. */
async function measure(name) {
	const { readPdfPages } = loadTypeScript(
		path.join(ROOT, 'nodes/shared/documentReader/pdfPages.ts'),
	);
	const pdf = patterns()[name]();
	global.gc?.();
	const rss = process.memoryUsage().rss;
	const start = process.cpuUsage();
	const { pages, work } = await readPdfPages(async () =>
		(async function* () {
			for (let at = 0; at < pdf.length; at += 64 * 1024) yield pdf.subarray(at, at + 64 * 1024);
		})(),
	);
	const cpu = process.cpuUsage(start);
	console.log(
		JSON.stringify({
			name,
			bytes: pdf.length,
			pages,
			cpuMs: (cpu.user + cpu.system) / 1000,
			units: work?.total ?? 0,
			limit: work?.limit ?? 0,
			// The process's peak memory above what it held once the document was made.
			peakMB: Math.max(0, process.resourceUsage().maxRSS * 1024 - rss) / 1e6,
		}),
	);
}

function main() {
	const args = process.argv.slice(2);
	const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 3);
	const chosen = args.filter((arg) => !/^\d+$/.test(arg));
	const names = chosen.length > 0 ? chosen : Object.keys(patterns());
	console.log(
		`PDF budget: each pattern read ${runs} times, each in a fresh process; the slowest run kept`,
	);
	const pad = (text, width) => String(text).padStart(width);
	console.log(
		`${'pattern'.padEnd(34)}${pad('bytes', 10)}${pad('pages', 8)}${pad('units', 10)}${pad('ms', 8)}${pad('ns/unit', 9)}${pad('peak MB', 9)}`,
	);
	let worst = { nsPerUnit: 0 };
	let limit = 0;
	let slowest = 0;
	for (const name of names) {
		let kept;
		for (let run = 0; run < runs; run++) {
			const child = spawnSync(process.execPath, ['--expose-gc', __filename, '--one', name], {
				encoding: 'utf8',
			});
			if (child.status !== 0) throw new Error(child.stderr);
			const figures = JSON.parse(child.stdout.trim().split('\n').pop());
			if (!kept || figures.cpuMs > kept.cpuMs) kept = figures;
		}
		const nsPerUnit = kept.units > 0 ? (kept.cpuMs * 1e6) / kept.units : 0;
		limit = Math.max(limit, kept.limit);
		slowest = Math.max(slowest, kept.cpuMs);
		// A read refused after a few units times its fixed costs, not a unit's: shown, not the worst.
		if (kept.units >= kept.limit / 100 && nsPerUnit > worst.nsPerUnit) worst = { name, nsPerUnit };
		console.log(
			`${name.padEnd(34)}${pad(kept.bytes, 10)}${pad(kept.pages ?? '-', 8)}${pad(kept.units, 10)}${pad(kept.cpuMs.toFixed(0), 8)}${pad(nsPerUnit.toFixed(1), 9)}${pad(kept.peakMB.toFixed(0), 9)}`,
		);
	}
	console.log(
		`worst: ${worst.nsPerUnit.toFixed(1)} ns a unit (${worst.name}); the budget's most, ${limit} units, ` +
			`at that rate: ${((worst.nsPerUnit * limit) / 1e6).toFixed(0)} ms (goal: ${GOAL_MS}); slowest read ${slowest.toFixed(0)} ms`,
	);
}

if (process.argv[2] === '--one')
	measure(process.argv[3]).catch((error) => {
		console.error(error);
		process.exitCode = 1;
	});
else main();
