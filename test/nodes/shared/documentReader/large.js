'use strict';
// Large PDFs as producers lay them out (support/pdf-large.ts): each of the seven layouts grown to a
// size, counted by the reader (its count, how many times it opened the document, its work and its
// CPU) and by pdfinfo, each case in a process of its own (proc MB: that process's peak, TypeScript and the grown document's pieces included). pdfLarge.test.ts
// checks one size a layout; --all checks every layout at 20, 64, 100 and 150 MB. Exits non-zero
// where a count is not pdfinfo's, a document is opened more than once or work passes its limit.
//
//   node scripts/with-node.js node test/nodes/shared/documentReader/large.js [--all]
//
// Reads the TypeScript sources through TypeScript's transpiler: no build needed.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const { loadTypeScript } = require('./support/loadTypeScript');

const large = () => loadTypeScript(path.join(__dirname, 'support/pdf-large.ts'));

async function one(name, megabytes) {
	const figures = await large().countLarge(name, Number(megabytes));
	const peakMB = process.resourceUsage().maxRSS / 1024;
	console.log(JSON.stringify({ ...figures, peakMB }));
}

function main() {
	const { LAYOUTS, SIZES, TEST_CASES } = large();
	const cases = process.argv.includes('--all')
		? LAYOUTS.flatMap((name) => SIZES.map((size) => [name, size]))
		: TEST_CASES;
	const pad = (text, width) => String(text).padStart(width);
	console.log(
		`${'layout'.padEnd(32)}${pad('MB', 5)}${pad('reader', 8)}${pad('pdfinfo', 9)}${pad('reads', 7)}${pad('units', 10)}${pad('CPU ms', 8)}${pad('proc MB', 9)}`,
	);
	let failed = 0;
	for (const [name, size] of cases) {
		const child = spawnSync(process.execPath, [__filename, '--one', name, String(size)], {
			encoding: 'utf8',
		});
		if (child.status !== 0) {
			failed++;
			console.log(`${name.padEnd(32)}${pad(size, 5)}  failed: ${child.stderr.slice(0, 300)}`);
			continue;
		}
		const f = JSON.parse(child.stdout.trim().split('\n').pop());
		const ok =
			f.pages !== undefined &&
			f.pages === f.pdfinfo &&
			f.reads === 1 &&
			f.work &&
			f.work.total <= f.work.limit;
		if (!ok) failed++;
		console.log(
			`${name.padEnd(32)}${pad(size, 5)}${pad(f.pages ?? '-', 8)}${pad(f.pdfinfo ?? '-', 9)}${pad(f.reads, 7)}${pad(f.work?.total ?? '-', 10)}${pad(f.cpuMs.toFixed(0), 8)}${pad(f.peakMB.toFixed(0), 9)}${ok ? '' : '  NOT AS PDFINFO, OR READ AGAIN, OR PAST THE LIMIT'}`,
		);
	}
	console.log(
		`${cases.length} documents, ${failed} not counted as pdfinfo counts them in one read within the budget`,
	);
	process.exitCode = failed > 0 ? 1 : 0;
}

if (process.argv[2] === '--one')
	one(process.argv[3], process.argv[4]).catch((error) => {
		console.error(error);
		process.exitCode = 1;
	});
else main();
