'use strict';
// The page count of a PDF as each mainstream reader gives it: the oracles of the reader's fuzzer
// (fuzz.js) and of its corpus check (corpus.js). pdf.js (`pdfjs-dist`, a dev dependency) in a
// worker thread of its own; poppler (`pdfinfo`), mupdf (`mutool info`) and qpdf (`qpdf
// --show-npages`) from Debian's packages, each in a process of its own. A reader that has not
// answered within its time (its repair of a damaged file can loop for minutes) counts as not read;
// `timedOut` says so.
//
//   const oracles = require('./support/oracles'); oracles.missing() → Debian packages to install
//   const counter = oracles.counter(); await counter.count(file, bytes) → { pdfjs, poppler, mupdf, qpdf }
const { execFileSync } = require('node:child_process');

/** How long a reader may take for one file (wall time, on a busy machine) before it counts as not read. */
const READ_MS = 20_000;

/** The Debian readers: the command, its arguments before the file's, and how its output states the count. */
const DEBIAN = {
	poppler: { package: 'poppler-utils', command: 'pdfinfo', args: [], pages: /^Pages:\s+(\d+)/m },
	// -M page 1: the count, and the media box of one page only (not every page's resources).
	mupdf: {
		package: 'mupdf-tools',
		command: 'mutool',
		args: ['info', '-M'],
		after: ['1'],
		pages: /^Pages:\s+(\d+)/m,
	},
	qpdf: { package: 'qpdf', command: 'qpdf', args: ['--show-npages'], pages: /^(\d+)\s*$/m },
};
const NAMES = ['pdfjs', ...Object.keys(DEBIAN)];

/** The Debian packages whose reader is missing here, with the command that installs them. */
function missing() {
	const packages = Object.values(DEBIAN)
		.filter(({ command }) => {
			try {
				execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
				return false;
			} catch {
				return true;
			}
		})
		.map(({ package: name }) => name);
	return packages;
}

/** The sentence a run that lacks a reader fails with. */
function missingMessage(packages) {
	return `the PDF readers the fuzzer compares with are missing: Debian's ${packages.join(', ')}; install them as root with \`apt-get install -y ${packages.join(' ')}\` (npm test does, through scripts/ensure-pdf-readers.sh)`;
}

/**
 * The Debian readers' counts, from one shell kept for all files: each file's three reads run side by
 * side, each under coreutils' `timeout` (a process forked from this one costs a copy of its page
 * tables: from a small shell, a read costs little more than the reader's own few milliseconds). Answers count(file) → { name: { pages, timedOut } }.
 * Each answer carries its request's number and settles only that request, never a later file's.
 */
function debianCounter(ms = READ_MS, cpuSeconds = Math.ceil(ms / 1000)) {
	const { spawn } = require('node:child_process');
	const { randomBytes } = require('node:crypto');
	const mark = `=== ${randomBytes(8).toString('hex')}`;
	const names = Object.keys(DEBIAN);
	const quote = (word) => `'${word.replace(/'/g, "'\\''")}'`;
	const script = [
		'dir=$(mktemp -d); trap \'rm -rf "$dir"\' EXIT',
		"while IFS=$'\\t' read -r id file; do",
		...names.map((name, at) => {
			const { command, args, after = [] } = DEBIAN[name];
			const words = [command, ...args].map(quote).join(' ');
			// Past its CPU (ulimit -t) or its time (timeout), a reader is ended: not read.
			return `  ( ulimit -t ${cpuSeconds}; exec timeout -s KILL ${Math.ceil(ms / 1000)} ${words} "$file" ${after.map(quote).join(' ')} ) >"$dir/${at}" 2>/dev/null </dev/null & pid${at}=$!`;
		}),
		...names.map((name, at) => `  wait $pid${at}; status${at}=$?`),
		...names.map(
			(name, at) =>
				`  echo "${mark} ${at} $status${at}"; head -c ${16 * 1024 * 1024} "$dir/${at}"; echo`,
		),
		`  echo "${mark} end $id"`,
		'done',
	].join('\n');
	let shell;
	let asked = 0;
	const waiting = new Map();
	const start = () => {
		// A group of its own: a read past its time ends with the shell and every reader it started.
		shell = spawn('bash', ['-c', script], { stdio: ['pipe', 'pipe', 'ignore'], detached: true });
		shell.stdout.setEncoding('latin1');
		let buffered = '';
		shell.stdout.on('data', (chunk) => {
			buffered += chunk;
			for (
				let end;
				(end = buffered.indexOf(`${mark} end `)) >= 0 && buffered.includes('\n', end);
			) {
				const answer = buffered.slice(0, end);
				const tail = buffered.slice(end + mark.length + 5);
				const id = Number(/^\d+/.exec(tail)[0]);
				buffered = tail.slice(tail.indexOf('\n') + 1);
				waiting.get(id)?.(countsOf(answer));
			}
		});
	};
	const countsOf = (answer) => {
		const counts = {};
		for (const part of answer.split(`${mark} `).slice(1)) {
			const [, at, status] = /^(\d+) (\d+)/.exec(part) ?? [];
			const name = names[Number(at)];
			if (!name) continue;
			// qpdf answers 3 where it read the file with warnings; any reader's stated count is its count.
			const found = DEBIAN[name].pages.exec(part.slice(part.indexOf('\n') + 1));
			counts[name] = {
				pages: found ? Number(found[1]) : undefined,
				timedOut: Number(status) > 128,
			};
		}
		return counts;
	};
	const stop = () => {
		try {
			process.kill(-shell.pid, 'SIGKILL');
		} catch {
			// already ended
		}
	};
	start();
	return {
		// One file at a time, each reader under `timeout`; should the shell itself not answer, it is
		// ended with its readers, and started again.
		count: (file) =>
			new Promise((resolve) => {
				const id = ++asked;
				const timer = setTimeout(() => {
					// A reader's `timeout` answers first: this is the shell's own.
					waiting.delete(id);
					stop();
					start();
					resolve(
						Object.fromEntries(names.map((name) => [name, { pages: undefined, timedOut: true }])),
					);
				}, ms + 10_000);
				waiting.set(id, (counts) => {
					clearTimeout(timer);
					waiting.delete(id);
					resolve(counts);
				});
				shell.stdin.write(`${id}\t${file}\n`);
			}),
		// Ends the shell, its readers reaped (their CPU counted as this process's children's).
		close: () =>
			new Promise((resolve) => {
				shell.on('exit', resolve);
				shell.stdin.end();
			}),
	};
}

/**
 * pdf.js's count, in a worker thread of its own: a read that has not answered within its time (its
 * recovery of a damaged file can loop for many minutes without a wait, and some promises stay
 * pending for ever) ends with its thread, and counts as not read.
 */
function pdfJsCounter(ms = READ_MS) {
	const { Worker } = require('node:worker_threads');
	const { pathToFileURL } = require('node:url');
	const source = `
		const { parentPort, workerData } = require('node:worker_threads');
		process.on('unhandledRejection', () => {});
		const loaded = import(workerData);
		loaded.then(() => parentPort.postMessage({ ready: true }), () => parentPort.postMessage({ ready: true }));
		parentPort.on('message', async ({ id, bytes }) => {
			let pages;
			try {
				const { getDocument } = await loaded;
				const task = getDocument({ data: bytes, verbosity: 0, isEvalSupported: false, useSystemFonts: false });
				pages = (await task.promise).numPages;
				await task.destroy();
			} catch {
				pages = undefined;
			}
			parentPort.postMessage({ id, pages });
		});`;
	const pdfjs = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
	let worker;
	let ready;
	let asked = 0;
	const waiting = new Map();
	const start = () => {
		worker = new Worker(source, { eval: true, workerData: pdfjs });
		ready = new Promise((resolve) =>
			worker.on('message', ({ ready: loaded, id, pages }) =>
				loaded ? resolve() : waiting.get(id)?.(pages),
			),
		);
		worker.on('error', () => {});
		return ready;
	};
	start();
	return {
		ready: () => ready,
		count: async (bytes) => {
			await ready;
			return await new Promise((resolve) => {
				const id = ++asked;
				const timer = setTimeout(() => {
					// A reader's `timeout` answers first: this is the shell's own.
					waiting.delete(id);
					void worker.terminate();
					void start().then(() => resolve({ pages: undefined, timedOut: true }));
				}, ms);
				waiting.set(id, (pages) => {
					clearTimeout(timer);
					waiting.delete(id);
					resolve({ pages, timedOut: false });
				});
				worker.postMessage({ id, bytes: new Uint8Array(bytes) });
			});
		},
		close: () => void worker.terminate(),
	};
}

/**
 * The four readers' counts of one PDF, side by side: `file` is where its bytes are on disk (the
 * Debian readers read it there), `bytes` the same bytes (pdf.js reads them in memory). A reader
 * past `ms` of wall time or `cpuSeconds` of CPU (pdf.js: four times that in wall time) has not read
 * it. Answers
 * { counts: { pdfjs, poppler, mupdf, qpdf }, timedOut: [names] }.
 */
function counter({ ms = READ_MS, cpuSeconds } = {}) {
	const pdfJs = pdfJsCounter(cpuSeconds ? Math.min(ms, cpuSeconds * 4000) : ms);
	const debian = debianCounter(ms, cpuSeconds);
	return {
		names: NAMES,
		ready: () => pdfJs.ready(),
		count: async (file, bytes) => {
			const [own, others] = await Promise.all([pdfJs.count(bytes), debian.count(file)]);
			const answers = [own, ...Object.keys(DEBIAN).map((name) => others[name] ?? {})];
			const counts = {};
			const timedOut = [];
			NAMES.forEach((name, at) => {
				counts[name] = answers[at].pages;
				if (answers[at].timedOut) timedOut.push(name);
			});
			return { counts, timedOut };
		},
		close: async () => {
			pdfJs.close();
			await debian.close();
		},
	};
}

/** The most any reader counts (undefined where none reads it). */
function most(counts) {
	const read = Object.values(counts).filter((pages) => pages !== undefined);
	return read.length > 0 ? Math.max(...read) : undefined;
}

module.exports = { NAMES, DEBIAN, READ_MS, missing, missingMessage, counter, most, pdfJsCounter };
