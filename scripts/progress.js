'use strict';
// Runs a long step of a first start (an npm install, a compile, a build) and prints a line every
// 15 s while it runs: what it does, how far it is and the time so far, so that no step is silent
// for long. How far: for an npm install into <dir> (--npm <dir>, npm run with --loglevel=http),
// the package documents and tarballs npm fetched, the megabytes it downloaded into its cache, and
// the packages of <dir>/package-lock.json in place (or the megabytes unpacked where the lock has a
// single large package: Node's binary). Before the first package is in place npm may fetch
// documents for minutes: the documents and megabytes move then.
//   node scripts/progress.js [--npm <dir>] <what it does> -- <command> [args...]
// Its lines go to stderr; the command's output passes through, but for npm's requests and
// warnings (counted); it exits with the command's code.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');

const TICK_MS = 15000;
const WINDOWS = process.platform === 'win32';

/** "45 s", "2 min 05 s". */
function formatDuration(ms) {
	const seconds = Math.round(ms / 1000);
	if (seconds < 60) return `${seconds} s`;
	return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** This machine's libc, as a lock's `libc` field names it (Linux only). */
function libcHere() {
	if (process.platform !== 'linux') return undefined;
	return process.report?.getReport().header.glibcVersionRuntime ? 'glibc' : 'musl';
}

/** Whether npm installs a lock entry on this machine (its os, cpu and libc fields allow it). */
function installsHere(entry, libc) {
	const allows = (field, value) => {
		const list = field === undefined ? undefined : [].concat(field);
		if (!list || list.includes(`!${value}`)) return !list;
		const named = list.filter((item) => !item.startsWith('!'));
		return named.length === 0 || named.includes(value);
	};
	return (
		allows(entry.os, process.platform) &&
		allows(entry.cpu, process.arch) &&
		(libc === undefined || allows(entry.libc, libc))
	);
}

function bytesUnder(dir) {
	let total = 0;
	let entries;
	try {
		entries = fs.readdirSync(dir, { withFileTypes: true });
	} catch {
		return 0;
	}
	for (const entry of entries) {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) total += bytesUnder(file);
		else if (entry.isFile()) total += fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
	}
	return total;
}

/** The packages (lock keys) that `npm ci` in `dir` installs on this machine, from its lock. */
function lockPackages(dir) {
	const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
	const packages = lock.packages ?? {};
	const libc = libcHere();
	// npm leaves out what the lock marks extraneous, and what lies inside it.
	const extraneous = (key) => {
		for (let at = key; at; at = at.slice(0, Math.max(0, at.lastIndexOf('/node_modules/'))))
			if (packages[at]?.extraneous) return true;
		return false;
	};
	return Object.entries(packages)
		.filter(
			([key, entry]) =>
				key.startsWith('node_modules/') &&
				!entry.link &&
				installsHere(entry, libc) &&
				!extraneous(key),
		)
		.map(([key]) => key);
}

/**
 * How far an `npm ci` in `dir` is: "812 of 2,431 packages in place (33%)", or for a lock of at most
 * two packages, "41 MB unpacked". The packages counted are those npm installs on this machine.
 */
function installProgress(dir) {
	const wanted = lockPackages(dir);
	if (wanted.length <= 2) {
		const bytes = wanted.reduce((sum, key) => sum + bytesUnder(path.join(dir, key)), 0);
		return `${Math.round(bytes / 1e6)} MB unpacked`;
	}
	const done = wanted.filter((key) => fs.existsSync(path.join(dir, key, 'package.json'))).length;
	const n = (count) => count.toLocaleString('en-US');
	return `${n(done)} of ${n(wanted.length)} packages in place (${Math.floor((100 * done) / wanted.length)}%)`;
}

/** Prints "  … <what>: <status()>, <time so far>" every TICK_MS; returns the function that stops it. */
function startTicker(what, status = () => 'running') {
	const started = Date.now();
	const timer = setInterval(() => {
		let state;
		try {
			state = status();
		} catch {
			state = 'running';
		}
		process.stderr.write(`  … ${what}: ${state}, ${formatDuration(Date.now() - started)}\n`);
	}, TICK_MS);
	return () => {
		clearInterval(timer);
		return Date.now() - started;
	};
}

/** npm's cache folder: npm_config_cache (npm sets it for the scripts it runs), else npm's default. */
function npmCacheDir(env = process.env) {
	const set = env.npm_config_cache || env.NPM_CONFIG_CACHE;
	if (set) return set;
	return WINDOWS
		? path.join(env.LOCALAPPDATA || path.join(os.homedir(), 'AppData', 'Local'), 'npm-cache')
		: path.join(os.homedir(), '.npm');
}

/**
 * The bytes npm wrote into its cache from `since` (epoch ms) on: the documents and tarballs it
 * downloaded, what it had cached before left out. npm's cache (cacache) writes each download into
 * `_cacache/tmp/`, then moves it into `_cacache/content-v2/<algorithm>/<xx>/<yy>/`; the files of a
 * folder unchanged since then are not read.
 */
function bytesCachedSince(cacheDir, since) {
	// Some file systems keep whole seconds.
	const from = Math.floor(since / 1000) * 1000;
	const changed = (file) => (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= from;
	let total = 0;
	const walk = (dir) => {
		let entries;
		try {
			entries = fs.readdirSync(dir, { withFileTypes: true });
		} catch {
			return;
		}
		const filesChanged = changed(dir);
		for (const entry of entries) {
			const file = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(file);
			else if (filesChanged && entry.isFile()) {
				const stat = fs.statSync(file, { throwIfNoEntry: false });
				if (stat && stat.mtimeMs >= from) total += stat.size;
			}
		}
	};
	walk(path.join(cacheDir, '_cacache', 'content-v2'));
	walk(path.join(cacheDir, '_cacache', 'tmp'));
	return total;
}

/** "0.4 MB", "41 MB", "2,712 MB". */
function formatMegabytes(bytes) {
	const megabytes = bytes / 1e6;
	return megabytes < 10
		? `${megabytes.toFixed(1)} MB`
		: `${Math.round(megabytes).toLocaleString('en-US')} MB`;
}

/**
 * Counts one line of npm's log (--loglevel=http) into `counts`; true when it is to be shown. Its
 * requests are counted, not shown (the package documents npm reads first, as the locks name no
 * tarball URLs, then the tarballs), and so are its warnings, as `--loglevel=error` would hide them;
 * its notices (a newer npm) are left out.
 */
function countNpmLine(counts, line) {
	const request = /^npm http fetch \w+ \d+ (\S+)/.exec(line);
	if (request) {
		if (/\/-\/[^/]+\.tgz$/.test(request[1])) counts.tarballs++;
		else counts.documents++;
		return false;
	}
	if (/^npm (http|notice)\b/.test(line)) return false;
	if (/^npm warn(\s|$)/.test(line)) {
		if (/^npm warn \S/.test(line) && !/^npm warn \S+ +[ }]/.test(line)) counts.warnings++;
		return false;
	}
	return true;
}

/**
 * "1,020 package documents and 300 tarballs fetched (85 MB downloaded), 250 of 1,170 packages in
 * place (21%)". npm may read a document more than once, so no total is given for them. `download`
 * says where npm's cache is and since when; without it, or without that folder, no megabytes.
 */
function npmStatus(counts, dir, download) {
	const n = (count) => count.toLocaleString('en-US');
	const downloaded =
		download && fs.existsSync(download.cacheDir)
			? ` (${formatMegabytes(bytesCachedSince(download.cacheDir, download.since))} downloaded)`
			: '';
	return `${n(counts.documents)} package documents and ${n(counts.tarballs)} tarballs fetched${downloaded}, ${installProgress(dir)}`;
}

function main(argv) {
	const split = argv.indexOf('--');
	const options = split < 0 ? [] : argv.slice(0, split);
	const command = split < 0 ? [] : argv.slice(split + 1);
	let npmDir;
	if (options[0] === '--npm') {
		npmDir = options[1];
		options.splice(0, 2);
	}
	const what = options.join(' ');
	if (!what || !command.length) {
		console.error(
			'usage: node scripts/progress.js [--npm <dir>] <what it does> -- <command> [args...]',
		);
		process.exit(2);
	}
	const counts = { documents: 0, tarballs: 0, warnings: 0 };
	const download = { cacheDir: npmCacheDir(), since: Date.now() };
	const stop = startTicker(what, npmDir ? () => npmStatus(counts, npmDir, download) : undefined);
	const child = spawn(command[0], command.slice(1), {
		stdio: ['ignore', 'inherit', npmDir ? 'pipe' : 'inherit'],
		shell: WINDOWS,
	});
	if (npmDir)
		readline.createInterface({ input: child.stderr }).on('line', (line) => {
			if (countNpmLine(counts, line)) process.stderr.write(`${line}\n`);
		});
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
		process.on(signal, () => child.kill(signal));
	child.on('error', (error) => {
		stop();
		console.error(`${command[0]}: ${error.message}`);
		process.exit(127);
	});
	child.on('close', (code, signal) => {
		const elapsed = stop();
		if (code === 0) {
			const warned = counts.warnings
				? `; npm's ${counts.warnings} warnings are left out (\`npm ci\` in ${npmDir} shows them)`
				: '';
			process.stderr.write(
				`  … ${what}: done${npmDir ? `, ${npmStatus(counts, npmDir, download)}` : ''}, ${formatDuration(elapsed)}${warned}\n`,
			);
		}
		if (signal) {
			process.removeAllListeners(signal);
			process.kill(process.pid, signal);
		} else process.exit(code ?? 1);
	});
}

if (require.main === module) main(process.argv.slice(2));

module.exports = {
	bytesCachedSince,
	countNpmLine,
	formatDuration,
	installProgress,
	lockPackages,
	npmCacheDir,
	npmStatus,
	startTicker,
};
