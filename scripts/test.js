'use strict';
// `npm test`: build and pack, lint, the workflow linter, n8n's verification scan, the type check, unit
// tests, the end-to-end suite in a real n8n (2.x, the last 1.x, and the core paths on the oldest
// supported 2.x), queue mode and the fault suite, each n8n with the one tarball packed after the build
// installed as users install it (packOnce). Runs
// every stage even when one fails, then prints where the time went and one closing line for all of
// them.
//
// The schedule (scripts/test-plan.js says why): what the machine lacks (n8n installs, Chromium,
// redis-server and PostgreSQL, the PDF readers the unit tests compare with) is prepared in the background once the package is packed; then the
// checks (lint, workflows, scan, types, unit) run in one lane, each n8n line's e2e shards in lanes
// of their own once their n8n is installed, queue mode then the fault suite's queue mode in another,
// and the fault suite's lost and single modes in a last one. Every stage first takes its load units
// from one pool (test-plan.js: LOAD_CAPACITY), so the machine never carries more than its cores keep
// up with.
// A stage that runs beside the one streaming its output writes to .cache/test-logs/ and is printed
// in one piece when it ends.
//
// Options (environment): SKIP_E2E=1, SKIP_QUEUE=1, SKIP_FAULTS=1 skip those stages; E2E_SHARDS=N
// splits each n8n line's e2e files into N runs side by side (1: one run per line); FAULTS_ONLY=single,lost,queue picks the fault stages; TEST_LOAD=N sets the pool's load
// units; E2E_ONLY, E2E_BROWSER and the suites' own options pass through.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const RESULTS = path.join(ROOT, '.cache');
const TIMINGS = path.join(RESULTS, 'timings');
const LOGS = path.join(RESULTS, 'test-logs');
for (const dir of [TIMINGS, LOGS]) {
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
}
const plan = require('./test-plan.js');
const { checkDigest } = require('./release/pack.js');
const { suiteRows } = require(path.join(ROOT, 'test/support/timings.js'));

const T0 = Date.now();
/** The cores' times at the start: how busy the machine was, and with what, is told at the end. */
const CPUS_AT_START = os.cpus();
const counts = { passed: 0, failed: 0 };
const failedStages = [];
/** Every stage and preparation, in the order they started. */
const ran = [];
const running = new Set();
let interrupted = false;

const slug = (name) => name.replace(/[^a-z0-9.]+/gi, '-').replace(/^-|-$/g, '');
const clock = (ms) => {
	const s = Math.round(ms / 1000);
	return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

// ------------------------------------------------------------------ output
/** The stage whose output streams live; the others' output is printed in one piece when they end. */
let liveStage = null;

function lineWriter(stream) {
	let rest = '';
	return {
		write(chunk) {
			const text = rest + chunk;
			const end = text.lastIndexOf('\n') + 1;
			if (end) stream.write(text.slice(0, end));
			rest = text.slice(end);
		},
		flush() {
			if (rest) stream.write(`${rest}\n`);
			rest = '';
		},
	};
}

// The machine's load: what the stages may keep busy at once (scripts/test-plan.js).
const pool = plan.createPool(Number(process.env.TEST_LOAD || plan.LOAD_CAPACITY));

// ------------------------------------------------------------------ running a stage
/** The user and system CPU seconds of a stage's processes, from `times` in the shell that ran it. */
function cpuSeconds(file) {
	try {
		const text = fs.readFileSync(file, 'utf8');
		const values = [...text.matchAll(/(\d+)m([\d.]+)s/g)].map(
			(m) => Number(m[1]) * 60 + Number(m[2]),
		);
		// `times`: the shell's own user and system time, then its children's.
		return values.length >= 4 ? values[2] + values[3] : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Runs one stage and answers whether it passed. `counting`: 'one' (a stage without tests of its
 * own counts as one check), 'jest' (jest's JSON results), 'summary' (the suite's last line
 * "N passed, M failed"), or 'none' (a preparation: what needs it reports a failure).
 */
function runStage(stage) {
	return pool.hold(stage.load ?? plan.loadOf(stage.name), () => startStage(stage));
}

function startStage({
	name,
	command,
	args,
	env = {},
	counting = 'one',
	prep = false,
	timings = false,
	daemons = false,
}) {
	if (interrupted) {
		console.log(`\n=== ${name}: not started (interrupted)`);
		return Promise.resolve(false);
	}
	const stage = {
		name,
		prep,
		daemons,
		started: Date.now() - T0,
		log: path.join(LOGS, `${slug(name)}.log`),
	};
	ran.push(stage);
	const timesFile = path.join(TIMINGS, `${slug(name)}.times`);
	const childEnv = { ...process.env, ...env, TEST_TIMES_FILE: timesFile };
	if (timings)
		childEnv.TEST_TIMINGS_FILE = stage.timingsFile = path.join(TIMINGS, `${slug(name)}.json`);
	const header = `\n=== ${name}: ${[command, ...args].join(' ')}`;
	const logFile = fs.openSync(stage.log, 'w');
	let out = null;
	let err = null;
	/** Streams this stage's output from now on, after what it printed so far. */
	stage.goLive = () => {
		liveStage = stage;
		console.log(header);
		process.stdout.write(fs.readFileSync(stage.log, 'utf8'));
		out = lineWriter(process.stdout);
		err = lineWriter(process.stderr);
	};
	if (!prep && !liveStage) stage.goLive();
	else if (!prep)
		console.log(`\n=== ${name}: started beside ${liveStage.name} (its output follows later)`);
	let tail = '';
	return new Promise((resolve) => {
		const child = spawn(
			'sh',
			['-c', '"$@"; s=$?; times > "$TEST_TIMES_FILE"; exit $s', 'sh', command, ...args],
			// Its own process group, so that a signal reaches the suite and not only its shell.
			{ cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
		);
		stage.child = child;
		running.add(stage);
		child.stdout.on('data', (chunk) => {
			fs.writeSync(logFile, chunk);
			if (out) out.write(chunk);
			tail = (tail + chunk).slice(-4096);
		});
		child.stderr.on('data', (chunk) => {
			fs.writeSync(logFile, chunk);
			if (err) err.write(chunk);
		});
		child.on('close', (status, signal) => {
			running.delete(stage);
			fs.closeSync(logFile);
			stage.seconds = (Date.now() - T0 - stage.started) / 1000;
			stage.cpu = cpuSeconds(timesFile);
			stage.ok = status === 0;
			stage.output = fs.readFileSync(stage.log, 'utf8');
			if (out) {
				out.flush();
				err.flush();
			} else if (!prep || !stage.ok) {
				process.stdout.write(`${header}\n${stage.output}`);
				if (stage.output && !stage.output.endsWith('\n')) process.stdout.write('\n');
			}
			const verdict = stage.ok ? 'ok' : `FAILED (exit ${status ?? signal})`;
			if (!prep || !stage.ok)
				console.log(`=== ${name}: ${verdict} in ${stage.seconds.toFixed(1)} s`);
			if (!prep && !stage.ok) failedStages.push(name);
			count(stage, counting, tail);
			if (liveStage === stage) {
				liveStage = null;
				// The stage that has run longest beside it streams from now on.
				[...running].find((other) => !other.prep)?.goLive();
			}
			resolve(stage.ok);
		});
	});
}

function count(stage, counting, tail) {
	if (counting === 'one') {
		if (stage.ok) counts.passed += 1;
		else counts.failed += 1;
	} else if (counting === 'summary') {
		const summary = tail.match(/^(\d+) passed, (\d+) failed\s*$/m);
		if (summary) {
			counts.passed += Number(summary[1]);
			counts.failed += Number(summary[2]);
		} else if (!stage.ok) counts.failed += 1;
	} else if (counting === 'jest') {
		try {
			const jest = JSON.parse(fs.readFileSync(stage.results ?? JEST_RESULTS, 'utf8'));
			stage.jest = jest;
			counts.passed += jest.numPassedTests;
			counts.failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
		} catch {
			counts.failed += 1;
		}
	}
}

// ------------------------------------------------------------------ the stages
const JEST_RESULTS = path.join(RESULTS, 'jest-results.json');
const PROOF_RESULTS = path.join(RESULTS, 'jest-proof-results.json');
const PACKAGE_DIR = path.join(RESULTS, 'package');
const N8N_2 = fs.readFileSync(path.join(ROOT, 'scripts/n8n/VERSION'), 'utf8').trim();
// The last n8n 1.x too (on Node 20-22, as users of 1.x run it): users install from its panel as well.
const N8N_1 = fs.readFileSync(path.join(ROOT, 'scripts/n8n/VERSION-1.x'), 'utf8').trim();
// The oldest supported 2.x: its core paths only (test-plan.js: CORE_E2E_FILES).
const N8N_2_OLDEST = fs
	.readFileSync(path.join(ROOT, 'scripts/n8n/VERSION-oldest-2.x'), 'utf8')
	.trim();
const skip = (what) => process.env[`SKIP_${what}`] === '1';
// Side by side, the real-n8n suites share the CPU: a check counts as hung after 6 minutes instead
// of 3 (a deadline, not an assertion: the browser's longest check took 78 s in the baseline run,
// and over 180 s beside the others on a machine loaded 15 times over).
const SIDE_BY_SIDE = { E2E_CHECK_TIMEOUT_MS: process.env.E2E_CHECK_TIMEOUT_MS || '360000' };

/**
 * What the machine may lack, in the background: the n8n installs one after the other (the first
 * compiles sqlite3, the others take its module; the 2.x line is needed first: side by side, the
 * installs made its install take 808 s instead of 526 on a fresh machine), and Chromium, then Redis
 * and PostgreSQL, and the PDF readers (poppler, mupdf, qpdf) the unit stage's fuzzer and corpus
 * check compare with (each may run apt-get). `n8n[version]`, `systemPackages` and `pdfReaders` settle when theirs are done: a stage
 * waits for what it needs before it takes its share of the machine.
 */
function prepare() {
	const versions = [];
	if (!skip('E2E') || !skip('QUEUE') || !skip('FAULTS')) versions.push(N8N_2);
	if (!skip('E2E')) versions.push(N8N_1, N8N_2_OLDEST);
	const n8n = {};
	let previous = Promise.resolve();
	for (const version of versions) {
		previous = n8n[version] = previous.then(() =>
			runStage({
				name: `prepare: n8n ${version}`,
				command: 'bash',
				args: ['scripts/n8n/install.sh', version],
				counting: 'none',
				prep: true,
			}),
		);
	}
	const chromium =
		!skip('E2E') && process.env.E2E_BROWSER !== '0'
			? runStage({
					name: 'prepare: chromium',
					command: 'bash',
					args: ['scripts/n8n/ensure-chromium.sh'],
					counting: 'none',
					prep: true,
				})
			: Promise.resolve();
	// The PDF readers the document reader's fuzzer and corpus check compare with, and the tools that
	// make the PDFs people fax for its pdfPeople test (the reader proof's).
	const pdfReaders = runStage({
		name: 'prepare: PDF readers',
		command: 'bash',
		args: ['-c', 'bash scripts/ensure-pdf-readers.sh && bash scripts/ensure-pdf-tools.sh'],
		counting: 'none',
		prep: true,
	});
	const systemPackages = (async () => {
		await chromium;
		if (!skip('QUEUE') || !skip('FAULTS'))
			await runStage({
				name: 'prepare: redis-server and PostgreSQL',
				command: 'node',
				args: [
					'-e',
					"const q = require('./scripts/n8n/queue.js'); q.ensureRedisServer(); q.ensurePostgres();",
				],
				counting: 'none',
				prep: true,
			});
	})();
	return {
		all: Promise.all([...Object.values(n8n), systemPackages, pdfReaders]),
		n8n,
		chromium,
		pdfReaders,
		systemPackages,
	};
}

const BROWSER_FILES = new Set(['browser', 'oauth2', 'setup', 'drag-send', 'drag-extract']);

/** Each n8n line's e2e files, split into shards that run side by side. */
function e2eShards() {
	if (skip('E2E')) {
		console.log('\n=== e2e: skipped (SKIP_E2E=1)');
		return [];
	}
	const { suiteFiles } = require(path.join(ROOT, 'test/n8n/e2e/run.js'));
	const stages = [];
	for (const version of [N8N_2, N8N_1]) {
		const major = version.split('.')[0];
		const shards = plan.shardFiles(
			suiteFiles({ version }),
			Number(process.env.E2E_SHARDS || plan.E2E_SHARDS[major]),
			plan.FILE_SECONDS[major],
		);
		shards.forEach((shard, i) =>
			stages.push({
				name: shards.length > 1 ? `e2e ${version} [${i + 1}/${shards.length}]` : `e2e ${version}`,
				version,
				// n8n with its driver, and Chromium beside them for the editor's checks
				load: shard.files.some((f) => BROWSER_FILES.has(f.name)) ? 2 : 1,
				command: 'node',
				args: ['test/n8n/e2e/run.js'],
				env: {
					E2E_SKIP_BUILD: '1',
					N8N_VERSION: version,
					E2E_ONLY: shard.files.map((f) => f.name).join(','),
					...SIDE_BY_SIDE,
				},
				counting: 'summary',
				timings: true,
			}),
		);
	}
	stages.push({
		name: `e2e ${N8N_2_OLDEST} (core paths)`,
		version: N8N_2_OLDEST,
		load: 1,
		command: 'node',
		args: ['test/n8n/e2e/run.js'],
		env: {
			E2E_SKIP_BUILD: '1',
			E2E_BROWSER: '0',
			N8N_VERSION: N8N_2_OLDEST,
			E2E_ONLY: plan.CORE_E2E_FILES.join(','),
			...SIDE_BY_SIDE,
		},
		counting: 'summary',
		timings: true,
	});
	return stages;
}

/** Stages one after the other. */
const lane = async (stages) => {
	for (const stage of stages) {
		await stage.after;
		await runStage(stage);
	}
};

// ------------------------------------------------------------------ the table
/** The CPU seconds of these stages' processes. */
const cpu = (stages) => stages.reduce((sum, s) => sum + (s.cpu ?? 0), 0);
const fmt = (seconds) => (seconds === undefined ? '' : `${seconds.toFixed(1)} s`);

function readReport(stage) {
	try {
		return JSON.parse(fs.readFileSync(stage.timingsFile, 'utf8'));
	} catch {
		return undefined;
	}
}

function printTable(totalSeconds, shares) {
	console.log(
		`\nWhere the time went (wall clock; CPU: user + system seconds of the stage's processes; ${os.cpus().length} cores)`,
	);
	console.log(
		`  ${'stage'.padEnd(52)} ${'start'.padStart(6)} ${'wall'.padStart(9)} ${'CPU'.padStart(9)}`,
	);
	const checks = [];
	for (const stage of ran) {
		console.log(
			`  ${stage.name.padEnd(52)} ${clock(stage.started).padStart(6)} ${fmt(stage.seconds).padStart(9)} ${fmt(stage.cpu).padStart(9)}${stage.ok === false ? '  FAILED' : ''}`,
		);
		const report = stage.timingsFile && readReport(stage);
		if (report) {
			for (const [label, seconds, note, cpu] of suiteRows(report))
				console.log(
					`      ${label.padEnd(48)} ${''.padStart(6)} ${fmt(seconds).padStart(9)} ${fmt(cpu).padStart(9)}  ${note}`,
				);
			for (const c of report.checks) checks.push({ ...c, stage: stage.name });
		}
		for (const file of stage.jest?.testResults ?? [])
			for (const test of file.assertionResults ?? [])
				checks.push({
					name: `${path.relative(ROOT, file.name)}: ${test.fullName}`,
					seconds: (test.duration ?? 0) / 1000,
					stage: stage.name,
				});
	}
	console.log(
		`  ${'total'.padEnd(52)} ${''.padStart(6)} ${fmt(totalSeconds).padStart(9)} ${fmt(cpu(ran.filter((s) => !s.prep))).padStart(9)}  (${clock(totalSeconds * 1000)}; the installs took ${fmt(cpu(ran.filter((s) => s.prep)))} CPU more)`,
	);
	const daemons = ran.some((s) => s.daemons);
	if (shares) console.log(`  ${plan.coreSharesLine(shares, daemons)}`);
	if (checks.length) console.log('\nThe ten slowest checks');
	for (const c of checks.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
		console.log(`  ${fmt(c.seconds).padStart(9)}  ${c.stage.padEnd(22)} ${c.name}`);
	fs.writeFileSync(
		path.join(RESULTS, 'test-times.json'),
		JSON.stringify(
			{
				seconds: totalSeconds,
				stages: ran.map(({ name, started, seconds, cpu, ok, timingsFile }) => ({
					name,
					start: started / 1000,
					seconds,
					cpu,
					ok,
					report: timingsFile ? readReport({ timingsFile }) : undefined,
				})),
			},
			null,
			1,
		),
	);
}

/**
 * Each failed check again with the first lines of its reason, at the very end: a CI log that keeps
 * only its head and tail still says why.
 */
function printFailureReasons() {
	for (const stage of ran.filter((s) => failedStages.includes(s.name))) {
		const lines = (stage.output ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n');
		const reasons = [];
		// Jest names each failure twice (in its file's output and in its summary): once is enough.
		const named = new Set();
		lines.forEach((line, i) => {
			if (!/^(FAIL |\s*● )/.test(line) || named.has(line.trim())) return;
			named.add(line.trim());
			const next = lines.slice(i + 1, i + 4);
			const end = next.findIndex((l) => /^(ok |FAIL |\s*● )/.test(l));
			const why = (end === -1 ? next : next.slice(0, end)).filter(
				(l) => l.trim() && !/^\s*\d+ \|/.test(l),
			);
			reasons.push(`  ${line.trim()}`, ...why.map((l) => `      ${l.trim().slice(0, 240)}`));
		});
		// No failed check named (a crash, a timeout): its last lines.
		if (reasons.length === 0)
			reasons.push(
				...lines
					.filter((l) => l.trim())
					.slice(-8)
					.map((l) => `  ${l.slice(0, 240)}`),
			);
		console.log(`\n${stage.name}:`);
		console.log(reasons.slice(0, 30).join('\n'));
		if (reasons.length > 30) console.log(`  … (${reasons.length - 30} more lines in ${stage.log})`);
	}
}

/** Whether this run installed n8n or a system package (then the fresh machine's budget applies). */
const installedSomething = () =>
	ran.some((s) => s.prep && /Installing n8n|is missing/.test(s.output ?? ''));

// ------------------------------------------------------------------ main
function onSignal(signal) {
	if (interrupted) return;
	interrupted = true;
	console.log(`\n${signal}: stopping every stage`);
	for (const stage of running) {
		try {
			process.kill(-stage.child.pid, signal);
		} catch {
			// already gone
		}
	}
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

/**
 * The tarball every real-n8n suite installs (scripts/n8n/n8n.js), packed right after the build and
 * before anything else runs, its SHA-512 recorded now (scripts/release/pack.js); or the one
 * .github/workflows/publish.yml packed and passed (FAXPLUS_PACKAGE_TARBALL and _SHA512).
 */
async function packOnce() {
	if (process.env.FAXPLUS_PACKAGE_TARBALL) return checkPackage('package: the given tarball');
	const stage = { name: 'pack', command: 'node', args: ['scripts/release/pack.js', PACKAGE_DIR] };
	fs.rmSync(PACKAGE_DIR, { recursive: true, force: true });
	if (!(await runStage(stage))) return;
	const output = ran.find((s) => s.name === 'pack').output;
	process.env.FAXPLUS_PACKAGE_TARBALL = path.join(PACKAGE_DIR, /^tarball=(.+)$/m.exec(output)[1]);
	process.env.FAXPLUS_PACKAGE_SHA512 = /^sha512=(.+)$/m.exec(output)[1];
}

/** One check: the tarball has the digest recorded when it was packed. */
function checkPackage(name) {
	try {
		checkDigest(
			path.resolve(process.env.FAXPLUS_PACKAGE_TARBALL),
			process.env.FAXPLUS_PACKAGE_SHA512,
		);
		console.log(`\n=== ${name}: ok (${process.env.FAXPLUS_PACKAGE_TARBALL}, its recorded SHA-512)`);
		counts.passed += 1;
	} catch (error) {
		console.log(`\n=== ${name}: FAILED: ${error.message}`);
		failedStages.push(name);
		counts.failed += 1;
	}
}

async function main() {
	await runStage({ name: 'build', command: 'npm', args: ['run', '--silent', 'build'] });
	await packOnce();
	const prepared = prepare();
	fs.rmSync(JEST_RESULTS, { force: true });
	fs.rmSync(PROOF_RESULTS, { force: true });
	const checksLane = [
		// n8n-node lint (strict), eslint-plugin-n8n-nodes-base's rules, n8n-node cloud-support (scripts/lint.js).
		{ name: 'lint', command: 'node', args: ['scripts/lint.js'] },
		// actionlint over .github/workflows (ci.yml, publish.yml).
		{ name: 'workflows', command: 'node', args: ['scripts/lint-workflows.js'] },
		// n8n's verification scanner over the sources and the packed tarball (dist/ is fresh).
		{ name: 'scan', command: 'node', args: ['scripts/scan.js'], env: { SCAN_SKIP_BUILD: '1' } },
		// The type check of everything, tests included (jest only transpiles each file).
		{
			name: 'types',
			command: 'npx',
			args: ['--no-install', 'tsc', '--noEmit', '-p', 'tsconfig.json'],
		},
		{
			name: 'unit',
			// The written check's readers: poppler, mupdf and qpdf.
			after: prepared.pdfReaders,
			command: 'npx',
			args: [
				'--no-install',
				'jest',
				'--selectProjects',
				'unit',
				'heavy',
				'--json',
				`--outputFile=${JEST_RESULTS}`,
			],
			counting: 'jest',
		},
		// The document reader's proof (jest.config.js's PROOF): the written check over the fuzzer's
		// seeded mutants, the public corpus, the adversary floods and the PDFs people fax (their tools
		// installed with the readers), pdf.js and the Debian readers reading each file.
		{
			name: 'reader proof',
			after: prepared.pdfReaders,
			command: 'npx',
			args: [
				'--no-install',
				'jest',
				'--selectProjects',
				'proof',
				'--json',
				`--outputFile=${PROOF_RESULTS}`,
			],
			counting: 'jest',
			results: PROOF_RESULTS,
		},
	];
	// Faults: processes killed, Redis and Postgres cut while deliveries flow (test/n8n/faults), one
	// stage per mode (each starts its own n8n, Postgres and servers).
	const faultModes = skip('FAULTS')
		? []
		: (process.env.FAULTS_ONLY?.split(',') ?? ['single', 'lost', 'queue']);
	if (skip('FAULTS')) console.log('\n=== faults: skipped (SKIP_FAULTS=1)');
	const faultsStage = (mode) => ({
		name: `faults ${mode}`,
		command: 'node',
		args: ['test/n8n/faults/run.js'],
		env: { E2E_SKIP_BUILD: '1', FAULTS_ONLY: mode },
		counting: 'summary',
		timings: true,
		daemons: true,
	});
	// n8n in queue mode: Postgres, Redis, main, worker, two webhook processors (test/n8n/queue), then the
	// fault suite's queue mode, the longest stage: a lane of its own once Redis, PostgreSQL and n8n
	// 2.x are there.
	const queueLane = async () => {
		await Promise.all([prepared.systemPackages, prepared.n8n[N8N_2]]);
		if (skip('QUEUE')) console.log('\n=== queue: skipped (SKIP_QUEUE=1)');
		else
			await runStage({
				name: 'queue',
				command: 'node',
				args: ['test/n8n/queue/run.js'],
				env: { E2E_SKIP_BUILD: '1', ...SIDE_BY_SIDE },
				counting: 'summary',
				timings: true,
				daemons: true,
			});
		if (faultModes.includes('queue')) await runStage(faultsStage('queue'));
	};
	// The fault suite's single and lost modes ask last, once everything is installed: one stage,
	// the lost mode in the n8n the single mode leaves running.
	const faultsLane = async () => {
		await prepared.all;
		const modes = ['single', 'lost'].filter((mode) => faultModes.includes(mode));
		if (modes.length) await runStage(faultsStage(modes.join(',')));
	};
	await Promise.all([
		lane(checksLane),
		...e2eShards().map(async (stage) => {
			await prepared.n8n[stage.version];
			if (stage.load > 1) await prepared.chromium;
			await runStage(stage);
		}),
		queueLane(),
		faultsLane(),
	]);
	await prepared.all;
	if (process.env.FAXPLUS_PACKAGE_TARBALL)
		checkPackage('package: the tarball the suites installed is the one packed after the build');

	const totalSeconds = (Date.now() - T0) / 1000;
	const shares = plan.coreShares({
		before: CPUS_AT_START,
		after: os.cpus(),
		stageCpuSeconds: cpu(ran),
		seconds: totalSeconds,
	});
	printTable(totalSeconds, shares);
	const warning = plan.budgetWarning({
		totalSeconds,
		stages: ran.filter((s) => !s.prep && s.seconds !== undefined),
		fresh: installedSomething(),
		shares,
	});
	if (warning.length) console.log(`\n${warning.join('\n')}`);
	if (failedStages.length) {
		console.log(`\nFailed stages: ${failedStages.join(', ')}`);
		printFailureReasons();
	}
	console.log(`\ntotal: ${counts.passed} passed, ${counts.failed} failed`);
	process.exit(failedStages.length || counts.failed || interrupted ? 1 : 0);
}

main();
