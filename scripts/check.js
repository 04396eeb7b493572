// `npm run check`: the inner loop, with no services. The build then n8n's verification scan of
// it, lint, the type check of everything (tests included) and the unit tests, side by side: jest's
// `unit` project, every test file but the few jest.config.js lists in HEAVY, which `npm test` runs
// as well. The unit tests are the longest part and wait on their local servers about half the
// time, so they run two jest workers per core; the other parts fill the gaps. Lint and the type check keep caches in
// .cache/check/ (a file is linted again when it or the lint config changes; the type check reads
// its last result), so a second run checks what changed; `npm run lint` and `npm test` lint
// everything anew. Each part's output is printed when it ends, in full when it failed, with its
// CPU-seconds: on a shared machine the wall time says little, the CPU-seconds what the part cost.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CACHE = path.join(ROOT, '.cache/check');

/** Two jest workers per core: one computes while the other waits on its local server. */
const JEST_WORKERS = Math.max(2, 2 * os.cpus().length);

/** Each lane runs its parts one after the other; the lanes run side by side. */
const LANES = [
	[['unit tests', 'jest', ['--selectProjects', 'unit', `--maxWorkers=${JEST_WORKERS}`]]],
	[
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
	],
	[['lint', 'node', ['scripts/lint.js', '--cache']]],
	// The scan packs the build just made (SCAN_SKIP_BUILD) rather than building again.
	[
		['build', 'npm', ['run', '--silent', 'build']],
		['scan', 'node', ['scripts/scan.js'], { SCAN_SKIP_BUILD: '1' }],
	],
];

/** The CPU-seconds of a part's processes, from `times` in the shell that ran it (its children's line). */
function partCpuSeconds(file) {
	try {
		const values = [...fs.readFileSync(file, 'utf8').matchAll(/(\d+)m([\d.]+)s/g)].map(
			(m) => Number(m[1]) * 60 + Number(m[2]),
		);
		return values.length >= 4 ? values[2] + values[3] : undefined;
	} catch {
		return undefined;
	}
}

function runPart([label, command, args, env = {}]) {
	const started = Date.now();
	const timesFile = path.join(CACHE, `${label.replace(/\W+/g, '-')}.times`);
	return new Promise((resolve) => {
		const child = spawn(
			'sh',
			['-c', '"$@"; s=$?; times > "$CHECK_TIMES_FILE"; exit $s', 'sh', command, ...args],
			{
				cwd: ROOT,
				env: { ...process.env, ...env, FORCE_COLOR: '0', CHECK_TIMES_FILE: timesFile },
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		const output = [];
		child.stdout.on('data', (chunk) => output.push(chunk));
		child.stderr.on('data', (chunk) => output.push(chunk));
		child.on('error', (error) => output.push(Buffer.from(`${error.stack}\n`)));
		child.on('close', (code, signal) => {
			const seconds = ((Date.now() - started) / 1000).toFixed(1);
			const passed = code === 0;
			const text = Buffer.concat(output).toString();
			if (!passed) process.stdout.write(`\n--- ${label}: output\n${text}`);
			else if (label === 'unit tests') process.stdout.write(text.split('\n').slice(-7).join('\n'));
			const cpu = partCpuSeconds(timesFile);
			console.log(
				`--- ${label}: ${passed ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s${cpu === undefined ? '' : `, ${cpu.toFixed(0)} CPU-s`}`,
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
	const lanes = LANES.map(async (parts) => {
		const results = [];
		for (const part of parts) {
			const result = await runPart(part);
			results.push(result);
			// A scan of a build that failed says nothing more.
			if (!result.passed) break;
		}
		return results;
	});
	const results = (await Promise.all(lanes)).flat();
	const failed = results.filter((result) => !result.passed).map((result) => result.label);
	const cpu = childrenCpuSeconds();
	const seconds = `${((Date.now() - started) / 1000).toFixed(1)} s${cpu === undefined ? '' : `, ${cpu.toFixed(0)} CPU-s`}`;
	console.log(
		failed.length
			? `check: failed: ${failed.join(', ')} (${seconds})`
			: `check: build, scan, lint, types and unit tests passed (${seconds})`,
	);
	process.exit(failed.length ? 1 : 0);
}

main();
