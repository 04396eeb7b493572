'use strict';
// `npm run bench`: what the package costs its users, side by side with what they would use
// instead. Prints a table per section, keeps the raw figures in test/n8n/bench/results/benchmarks.json
// (committed) and writes the goals and what they mean into docs/benchmarks.md (sections not run
// keep their previous figures).
//
//   npm run bench                              every section
//   npm run bench -- --quick                   without the real n8n (sections 2, 3, 5, 6 and 7)
//   npm run bench -- --only=verify,wal,load,n8n,action
//   npm run bench -- --n8n-count=2000          deliveries per workflow in section 3
//   npm run bench -- --no-write                print only, leave docs/benchmarks.md and the JSON alone
//   npm run bench -- --report-only             measure nothing: rewrite docs/benchmarks.md from the
//                                              stored figures (after a change to the text)
//
// Sections: verify (1), wal (2), n8n (3), load (4), action (5), latency (6), send (7). Each heavy
// case runs in its own process (test/n8n/bench/cases/*.js) with a time limit; the n8n cases stop every
// process they start. Timings are never asserted: a missed goal is reported, not failed; the exit
// code is non-zero only when a case could not run.

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ensureBuilt, snapshotPackage, ROOT, RESULTS } = require('./lib/build');
const { pack } = require('../../../scripts/release/pack.js');
const { buildSection, document, readStored, ORDER, DATA_FILE } = require('./lib/report');

/** Writes docs/benchmarks.md in the repository's Prettier style (npm run lint checks it). */
function writeDocument(file, text) {
	fs.writeFileSync(file, text);
	spawnSync('npx', ['--no-install', 'prettier', '--write', file], { cwd: ROOT, stdio: 'ignore' });
}

/** The page as it stands, whose hand-kept block the new page carries over. */
function readPage(file) {
	return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

const SECTIONS = ['verify', 'wal', 'load', 'n8n', 'action', 'latency', 'send'];
const LOAD_SAMPLES = 15;

function usage(message) {
	const error = new Error(message);
	error.usage = true;
	return error;
}

function parseArgs(argv) {
	const opts = { quick: false, only: null, write: true, n8nCount: null };
	for (const arg of argv) {
		if (arg === '--quick') opts.quick = true;
		else if (arg === '--no-write') opts.write = false;
		else if (arg === '--report-only') opts.reportOnly = true;
		else if (arg.startsWith('--only='))
			opts.only = arg
				.slice(7)
				.split(',')
				.map((s) => s.trim())
				.filter(Boolean);
		else if (arg.startsWith('--n8n-count=')) opts.n8nCount = Number(arg.slice(12));
		else if (arg === '--help' || arg === '-h') opts.help = true;
		else throw usage(`unknown option ${arg} (see npm run bench -- --help)`);
	}
	const unknown = (opts.only || []).filter((s) => !SECTIONS.includes(s));
	if (unknown.length)
		throw usage(
			`--only: unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`,
		);
	let sections = opts.only || SECTIONS;
	if (opts.quick)
		sections = sections.filter((s) => !['wal', 'n8n', 'action', 'latency', 'send'].includes(s));
	opts.sections = sections;
	return opts;
}

function machine() {
	const cpus = os.cpus();
	let virtualised = false;
	try {
		virtualised = /hypervisor/.test(fs.readFileSync('/proc/cpuinfo', 'utf8'));
	} catch {
		// not Linux
	}
	return {
		cpu: (cpus[0]?.model || 'unknown').replace(/\s+/g, ' ').trim(),
		cores: cpus.length,
		virtualised,
		memory: os.totalmem(),
		os: `${os.type()} ${os.release()} (${os.arch()})`,
		node: process.version,
		openssl: process.versions.openssl,
		v8: process.versions.v8,
		n8n: fs.readFileSync(path.join(ROOT, 'scripts/n8n/VERSION'), 'utf8').trim(),
		loadAverage: os.loadavg()[0],
	};
}

/** The commit measured: HEAD, whether the package's sources differ from it, their last commit. */
function commitMeasured() {
	const git = (...args) =>
		spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() || undefined;
	const paths = ['nodes', 'credentials', 'package.json'];
	return {
		head: git('rev-parse', '--short', 'HEAD'),
		sources: git('log', '-1', '--format=%h', '--', ...paths),
		dirty: Boolean(git('status', '--porcelain', '--', ...paths)),
	};
}

let interrupted = false;

/** Runs a case script in its own process; stderr goes to ours; resolves with stdout. */
function runCase(args, { timeoutMs, env = {} } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, args, {
			cwd: ROOT,
			env: { ...process.env, ...env },
			stdio: ['ignore', 'pipe', 'inherit'],
			detached: true,
		});
		let out = '';
		child.stdout.on('data', (c) => (out += c));
		const kill = () => {
			try {
				process.kill(-child.pid, 'SIGTERM');
			} catch {
				// gone
			}
		};
		const timer = setTimeout(() => {
			kill();
			reject(
				new Error(
					`${path.basename(args.find((a) => a.endsWith('.js')))} took longer than ${timeoutMs / 1000} s`,
				),
			);
		}, timeoutMs);
		// The case runs in its own process group: pass Ctrl-C on, then stop the whole run.
		const onSignal = () => {
			interrupted = true;
			kill();
		};
		process.once('SIGINT', onSignal);
		process.once('SIGTERM', onSignal);
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			process.off('SIGINT', onSignal);
			process.off('SIGTERM', onSignal);
			if (interrupted) process.exit(130);
			if (code === 0) resolve(out);
			else
				reject(
					new Error(
						`${args
							.filter((a) => a.endsWith('.js'))
							.map((a) => path.basename(a))
							.join(' ')} exited with ${code ?? signal}`,
					),
				);
		});
	});
}

const caseFile = (name) => path.join(__dirname, 'cases', name);
const outFile = (name) => path.join(RESULTS, `${name}.json`);
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

async function runVerify(pkg) {
	await runCase(['--expose-gc', caseFile('verify.js'), pkg, outFile('verify')], {
		timeoutMs: 10 * 60 * 1000,
	});
	return { ...readJson(outFile('verify')), node: process.version };
}

function dirSize(dir) {
	const size = { total: 0, files: 0, js: 0, jsFiles: 0, maps: 0, dts: 0 };
	const walk = (d) => {
		for (const e of fs.readdirSync(d, { withFileTypes: true })) {
			const p = path.join(d, e.name);
			if (e.isDirectory()) walk(p);
			else {
				const b = fs.statSync(p).size;
				size.total += b;
				size.files++;
				if (e.name.endsWith('.js')) {
					size.js += b;
					size.jsFiles++;
				} else if (e.name.endsWith('.map')) size.maps += b;
				else if (e.name.endsWith('.d.ts')) size.dts += b;
			}
		}
	};
	walk(dir);
	return size;
}

async function runLoad(pkg) {
	const result = { cold: [], inN8n: [] };
	for (let i = 0; i < LOAD_SAMPLES; i++) {
		for (const mode of i % 2 ? ['inN8n', 'cold'] : ['cold', 'inN8n']) {
			const out = await runCase([caseFile('load.js'), pkg, mode], { timeoutMs: 60000 });
			result[mode].push(JSON.parse(out.trim().split('\n').pop()));
		}
	}
	result.size = dirSize(path.join(pkg, 'dist'));
	const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--silent'], {
		cwd: pkg,
		encoding: 'utf8',
		timeout: 60000,
	});
	try {
		const [info] = JSON.parse(pack.stdout);
		result.size.pack = {
			size: info.size,
			unpackedSize: info.unpackedSize,
			entryCount: info.entryCount,
		};
	} catch {
		// npm pack unavailable: sizes of dist/ only
	}
	return result;
}

async function runN8n(pkg, parts, opts) {
	const env = {};
	if (opts.n8nCount) env.BENCH_N8N_COUNT = String(opts.n8nCount);
	await runCase([caseFile('n8n.js'), pkg, outFile('n8n'), parts.join(',')], {
		timeoutMs: 60 * 60 * 1000,
		env,
	});
	return readJson(outFile('n8n'));
}

async function runWal(pkg) {
	await runCase([caseFile('wal.js'), pkg, outFile('wal')], { timeoutMs: 20 * 60 * 1000 });
	return readJson(outFile('wal'));
}

async function runSend(pkg) {
	// Only a guard against a hung case: its rounds have deadlines derived from what they measure.
	await runCase([caseFile('send-once.js'), pkg, outFile('send')], {
		timeoutMs: 3 * 60 * 60 * 1000,
	});
	return readJson(outFile('send'));
}

function printSection(name, section) {
	const built = buildSection(name, section);
	console.log(`\n== ${built.title} ==\n`);
	console.log(built.console.join('\n'));
	for (const g of built.goals)
		console.log(
			`goal: ${g.goal}: ${g.figure} -> ${g.met === undefined ? 'not judged' : g.met ? 'met' : 'MISSED'}`,
		);
}

async function main() {
	const opts = parseArgs(process.argv.slice(2));
	if (opts.help) {
		console.log(
			fs
				.readFileSync(__filename, 'utf8')
				.split('\n')
				.slice(1, 18)
				.join('\n')
				.replace(/^\/\/ ?/gm, ''),
		);
		return 0;
	}
	const mdFile = path.join(ROOT, 'docs/benchmarks.md');
	if (opts.reportOnly) {
		const stored = readStored(mdFile);
		for (const name of ORDER) if (stored[name]) printSection(name, stored[name]);
		if (opts.write) writeDocument(mdFile, document(stored, readPage(mdFile)));
		return 0;
	}
	fs.mkdirSync(RESULTS, { recursive: true });
	const build = ensureBuilt({ log: (m) => console.error(`[bench] ${m}`) });
	const pkg = snapshotPackage();
	// Every n8n of the cases installs this tarball of the snapshot (scripts/n8n/n8n.js), as users install it.
	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxplus-bench-package-'));
	process.on('exit', () => fs.rmSync(packDir, { recursive: true, force: true }));
	const packed = pack(pkg, packDir);
	process.env.FAXPLUS_PACKAGE_TARBALL = packed.tarball;
	process.env.FAXPLUS_PACKAGE_SHA512 = packed.sha512;
	const mach = machine();
	console.log(
		`bench: ${mach.cpu}, ${mach.cores} cores, ${(mach.memory / 2 ** 30).toFixed(1)} GB, Node ${mach.node}, load average ${mach.loadAverage.toFixed(2)}`,
	);
	console.log(
		`sections: ${opts.sections.join(', ')}${opts.quick ? ' (--quick: without the real n8n)' : ''}`,
	);

	const data = readStored(mdFile);
	const failures = [];
	const record = (name, result, loadAtStart) => {
		data[name] = {
			at: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
			machine: { ...mach, loadAverage: loadAtStart },
			commit: commitMeasured(),
			stale: Boolean(build.stale),
			data: result,
		};
		if (opts.write) fs.writeFileSync(DATA_FILE, `${JSON.stringify(data, null, 1)}\n`);
		else fs.writeFileSync(path.join(RESULTS, 'latest.json'), JSON.stringify(data, null, 1));
		printSection(name, data[name]);
	};
	const attempt = async (name, fn) => {
		const loadAtStart = os.loadavg()[0];
		console.error(`[bench] ${name}...`);
		try {
			record(name, await fn(), loadAtStart);
		} catch (error) {
			failures.push(name);
			console.error(`[bench] ${name} failed: ${error.stack || error.message}`);
		}
	};

	if (opts.sections.includes('verify')) await attempt('verify', () => runVerify(pkg));
	if (opts.sections.includes('wal')) await attempt('wal', () => runWal(pkg));
	if (opts.sections.includes('load')) await attempt('load', () => runLoad(pkg));
	const n8nParts = [
		opts.sections.includes('n8n') && 'trigger',
		opts.sections.includes('action') && 'action',
		opts.sections.includes('latency') && 'burst',
	].filter(Boolean);
	if (n8nParts.length) {
		const loadAtStart = os.loadavg()[0];
		console.error(`[bench] real n8n (${n8nParts.join(', ')})...`);
		try {
			const result = await runN8n(pkg, n8nParts, opts);
			if (n8nParts.includes('trigger')) record('n8n', result, loadAtStart);
			if (n8nParts.includes('action')) record('action', result, loadAtStart);
			if (n8nParts.includes('burst')) {
				const run = {
					at: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
					loadAverage: loadAtStart,
					passes: result.passes,
				};
				record('latency', run, loadAtStart);
			}
		} catch (error) {
			failures.push(
				...n8nParts.map((p) => ({ trigger: 'n8n', action: 'action', burst: 'latency' })[p]),
			);
			console.error(`[bench] real n8n failed: ${error.stack || error.message}`);
		}
	}

	if (opts.sections.includes('send')) await attempt('send', () => runSend(pkg));

	if (opts.write && ORDER.some((n) => data[n])) {
		writeDocument(mdFile, document(data, readPage(mdFile)));
		console.log(`\nwrote ${path.relative(process.cwd(), mdFile) || mdFile}`);
	}
	if (failures.length) {
		console.log(`\nbench: ${failures.join(', ')} could not run (see above)`);
		return 1;
	}
	return 0;
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(error.usage ? `bench: ${error.message}` : error.stack || error.message);
		process.exit(error.usage ? 2 : 1);
	},
);
