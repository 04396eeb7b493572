'use strict';
// The demo's build, without the dev dependencies: `npm run build`'s steps (scripts/clean.js, tsc,
// gulp) run with the few packages they load, TypeScript, gulp and the types of n8n-workflow and
// Node (about 290 of package-lock.json's 1,170). Their part of package-lock.json (scripts/lock-part.js:
// the same versions and integrity hashes) installs with `npm ci` once per machine into
// ~/.cache/n8n-nodes-faxplus/build-<hash of that part>/ ($XDG_CACHE_HOME), shared by every clone
// as n8n's install is: a new clone of the same lock builds at once, and a changed lock gets a new
// folder. The folder is installed under a name of its own and renamed when complete, so no build
// reads a half-installed one, and nothing writes into it after. tsc finds n8n-workflow there
// through a tsconfig that extends tsconfig.build.json with `paths`; gulp's gulpfile.js through
// NODE_PATH. The dist/ it makes is the one `npm run build` makes. A later start builds nothing
// where dist/ is the build of the sources as they are (.cache/demo-build.json records both).
//   node scripts/demo-build.js   builds this clone's dist/ (what `npm run demo` runs)
const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const { lockPart, writeLockPart } = require('./lock-part');
const { formatDuration, lockPackages, startTicker } = require('./progress');

/** What `npm run build` loads: its two commands and the modules the sources import. */
const TOOLS = ['typescript', 'gulp', 'n8n-workflow', '@types/node'];
/** What the build reads besides the tools: tsconfig.build.json's sources, gulp's assets, the configs. */
const INPUTS = [
	'credentials',
	'nodes',
	'icons',
	'gulpfile.js',
	'tsconfig.json',
	'tsconfig.build.json',
	'package.json',
];
const BUILD_SCRIPT =
	'node scripts/clean.js dist && tsc -p tsconfig.build.json && gulp build:assets';

function cacheRoot() {
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-faxplus');
}

/** The tools' part of the project's lock, and the folder it installs into. */
function toolsLock(lock, root = cacheRoot()) {
	const part = lockPart(lock, TOOLS, 'n8n-nodes-faxplus-build');
	const hash = crypto.createHash('sha256').update(JSON.stringify(part)).digest('hex').slice(0, 12);
	return { part, dir: path.join(root, `build-${hash}`) };
}

/**
 * `npm run build`'s steps (package.json's `build`) as commands run with the tools in `toolsDir` and
 * the tsconfig `tsconfig`; throws where package.json's build has changed from the steps known here.
 */
function buildSteps(packageJson, toolsDir, tsconfig) {
	if (packageJson.scripts?.build !== BUILD_SCRIPT)
		throw new Error(
			`package.json's build is no longer "${BUILD_SCRIPT}": make scripts/demo-build.js run its steps`,
		);
	const modules = path.join(toolsDir, 'node_modules');
	return [
		[process.execPath, path.join(__dirname, 'clean.js'), 'dist'],
		[process.execPath, path.join(modules, 'typescript/bin/tsc'), '-p', tsconfig],
		[process.execPath, path.join(modules, 'gulp/bin/gulp.js'), 'build:assets'],
	];
}

/** Removes the half-installed folders of installs that no longer run (their pid in the name). */
function removeAbandoned(dir) {
	const prefix = `${path.basename(dir)}.installing-`;
	for (const name of fs.readdirSync(path.dirname(dir))) {
		if (!name.startsWith(prefix)) continue;
		const pid = Number(name.slice(prefix.length));
		let running = false;
		try {
			process.kill(pid, 0);
			running = true;
		} catch (error) {
			running = error.code === 'EPERM';
		}
		if (!running) fs.rmSync(path.join(path.dirname(dir), name), { recursive: true, force: true });
	}
}

/** The tools' folder, installed first where it is missing; exits where npm ci fails. */
function ensureTools() {
	const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
	const { part, dir } = toolsLock(lock);
	if (fs.existsSync(path.join(dir, 'node_modules/.package-lock.json'))) return dir;
	fs.mkdirSync(path.dirname(dir), { recursive: true });
	removeAbandoned(dir);
	const staging = `${dir}.installing-${process.pid}`;
	fs.rmSync(staging, { recursive: true, force: true });
	writeLockPart(staging, part);
	// A folder's own .npmrc, so that the project's or the user's settings do not leak in.
	fs.writeFileSync(
		path.join(staging, '.npmrc'),
		'fund=false\naudit=false\nupdate-notifier=false\n',
	);
	const count = lockPackages(staging).length.toLocaleString('en-US');
	const all = lockPackages(ROOT).length.toLocaleString('en-US');
	console.error(
		`Installing the build's tools into ${dir}, one time for every clone: TypeScript, gulp and the types of n8n-workflow and Node, ${count} of the dev dependencies' ${all} packages (npm ci from their part of package-lock.json), a line every 15 s...`,
	);
	const result = spawnSync(
		process.execPath,
		[
			path.join(__dirname, 'progress.js'),
			'--npm',
			staging,
			"installing the build's tools (npm ci)",
			'--',
			'npm',
			'ci',
			'--ignore-scripts',
			'--no-audit',
			'--no-fund',
			'--loglevel=http',
		],
		{ cwd: staging, stdio: ['ignore', 2, 2] },
	);
	if (result.status !== 0) {
		fs.rmSync(staging, { recursive: true, force: true });
		console.error(`npm ci of the build's tools in ${staging} failed (its output is above).`);
		process.exit(1);
	}
	try {
		fs.renameSync(staging, dir);
	} catch (error) {
		// Another start installed the same folder meanwhile: its copy is as good as this one.
		fs.rmSync(staging, { recursive: true, force: true });
		if (!fs.existsSync(dir)) throw error;
	}
	return dir;
}

/** Runs one command; resolves with its exit code. */
function run(command, args, options) {
	return new Promise((resolve) => {
		const child = spawn(command, args, { ...options, stdio: ['ignore', 'inherit', 'inherit'] });
		child.on('error', () => resolve(127));
		child.on('exit', (code) => resolve(code ?? 1));
	});
}

/**
 * A digest of the files under `paths` of ROOT: their names and bytes, in a stable order, a missing
 * one named as missing.
 */
function digest(paths) {
	const hash = crypto.createHash('sha256');
	const add = (relative) => {
		const file = path.join(ROOT, relative);
		const stat = fs.statSync(file, { throwIfNoEntry: false });
		if (!stat) hash.update(`missing ${relative}\0`);
		else if (stat.isDirectory())
			for (const name of fs.readdirSync(file).sort()) add(path.join(relative, name));
		else hash.update(`${relative}\0${stat.size}\0`).update(fs.readFileSync(file));
	};
	for (const relative of paths) add(relative);
	return hash.digest('hex');
}

/**
 * What this clone's dist/ was built from and is: the tools' folder and digests of the build's inputs
 * and of dist/. Recorded in .cache/demo-build.json after each build (outside dist/, which npm pack
 * ships); a later start whose record matches builds nothing.
 */
function buildRecord(toolsDir) {
	return {
		tools: path.basename(toolsDir),
		sources: digest(INPUTS),
		dist: digest(['dist']),
	};
}
const RECORD = path.join(ROOT, '.cache/demo-build.json');

/** Whether dist/ is the build of the sources as they are, with these tools. */
function builtAlready(toolsDir) {
	let recorded;
	try {
		recorded = JSON.parse(fs.readFileSync(RECORD, 'utf8'));
	} catch {
		return false;
	}
	const now = buildRecord(toolsDir);
	return ['tools', 'sources', 'dist'].every((key) => recorded[key] === now[key]);
}

/** Builds this clone's dist/ with the tools in `toolsDir`, a line every 15 s; false where a step fails. */
async function build(toolsDir) {
	if (builtAlready(toolsDir)) {
		console.error(
			'  … the package is built already: dist/ is the build of the sources as they are (.cache/demo-build.json)',
		);
		return true;
	}
	fs.rmSync(RECORD, { force: true });
	const sources = digest(INPUTS);
	const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'faxplus-build-'));
	const tsconfig = path.join(scratch, 'tsconfig.json');
	fs.writeFileSync(
		tsconfig,
		JSON.stringify({
			extends: path.join(ROOT, 'tsconfig.build.json'),
			compilerOptions: { paths: { '*': [path.join(toolsDir, 'node_modules/*')] } },
		}),
	);
	const what = 'building the package (tsc, gulp)';
	const stop = startTicker(what);
	const env = { ...process.env, NODE_PATH: path.join(toolsDir, 'node_modules') };
	try {
		for (const [command, ...args] of buildSteps(packageJson, toolsDir, tsconfig)) {
			const code = await run(command, args, { cwd: ROOT, env });
			if (code !== 0) {
				stop();
				console.error(`the build failed: ${path.basename(args[0])} exited ${code}`);
				return false;
			}
		}
	} finally {
		fs.rmSync(scratch, { recursive: true, force: true });
	}
	process.stderr.write(`  … ${what}: done, ${formatDuration(stop())}\n`);
	// The sources as they were when the build began: one changed meanwhile is built at the next start.
	const record = { ...buildRecord(toolsDir), sources };
	fs.mkdirSync(path.dirname(RECORD), { recursive: true });
	fs.writeFileSync(RECORD, `${JSON.stringify(record, null, 2)}\n`);
	return true;
}

async function main() {
	if (!(await build(ensureTools()))) process.exit(1);
}

if (require.main === module)
	main().catch((error) => {
		console.error(`the build failed: ${error.message}`);
		process.exit(1);
	});

module.exports = { TOOLS, buildSteps, toolsLock };
