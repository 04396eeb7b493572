'use strict';
// `npm run check`: the inner loop. The build, lint, the type check of everything (tests included) and
// the unit tests, side by side. The unit tests are the longest part and wait on their local servers
// about half the time, so they run two jest workers per core; the other parts fill the gaps. Lint and the type check keep caches in
// .cache/check/ (a file is linted again when it or the lint config changes; the type check reads
// its last result), so a second run checks what changed; `npm run lint` and `npm test` lint
// everything anew. Each part's output is printed when it ends, in full when it failed.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CACHE = path.join(ROOT, '.cache/check');

/** Two jest workers per core: one computes while the other waits on its local server. */
const JEST_WORKERS = Math.max(2, 2 * os.cpus().length);

const PARTS = [
	['unit tests', 'jest', [`--maxWorkers=${JEST_WORKERS}`]],
	[
		'types',
		'tsc',
		[
			'--noEmit',
			'--incremental',
			'--tsBuildInfoFile',
			path.join(CACHE, 'tsconfig.tsbuildinfo'),
			'-p',
			'tsconfig.json',
		],
	],
	['lint', 'node', ['scripts/lint.js', '--cache']],
	['build', 'npm', ['run', '--silent', 'build']],
];

function runPart([label, command, args]) {
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawn(command, args, {
			cwd: ROOT,
			env: { ...process.env, FORCE_COLOR: '0' },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const output = [];
		child.stdout.on('data', (chunk) => output.push(chunk));
		child.stderr.on('data', (chunk) => output.push(chunk));
		child.on('error', (error) => output.push(Buffer.from(`${error.stack}\n`)));
		child.on('close', (code, signal) => {
			const seconds = ((Date.now() - started) / 1000).toFixed(1);
			const passed = code === 0;
			const text = Buffer.concat(output).toString();
			if (!passed) process.stdout.write(`\n--- ${label}: output\n${text}`);
			else if (label === 'unit tests') process.stdout.write(text.split('\n').slice(-6).join('\n'));
			console.log(
				`--- ${label}: ${passed ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s`,
			);
			resolve({ label, passed });
		});
	});
}

/**
 * The user and system CPU seconds of this process's children that have ended (with theirs), from
 * /proc (Linux; undefined elsewhere): on a busy machine, what the check cost when its wall time
 * says little.
 */
function childrenCpuSeconds() {
	try {
		const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
		// cutime and cstime, fields 16 and 17 of proc(5), in clock ticks (100 a second).
		return (Number(fields[13]) + Number(fields[14])) / 100;
	} catch {
		return undefined;
	}
}

async function main() {
	fs.mkdirSync(CACHE, { recursive: true });
	const started = Date.now();
	const results = await Promise.all(PARTS.map(runPart));
	const failed = results.filter((result) => !result.passed).map((result) => result.label);
	const cpu = childrenCpuSeconds();
	const seconds = `${((Date.now() - started) / 1000).toFixed(1)} s${cpu === undefined ? '' : `, ${cpu.toFixed(0)} CPU-s`}`;
	console.log(
		failed.length
			? `check: failed: ${failed.join(', ')} (${seconds})`
			: `check: build, lint, types and unit tests passed (${seconds})`,
	);
	process.exit(failed.length ? 1 : 0);
}

main();
