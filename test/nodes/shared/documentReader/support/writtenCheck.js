'use strict';
// The written check (issue 105): the PDF the node writes from its own reading must read one way.
// On the written file, `qpdf --check` exits 0 with no warning, `pdfinfo` and `mutool info` print
// nothing on stderr, and pdf.js, poppler (`pdfinfo`), mupdf (`mutool info`, `mutool pages`) and qpdf
// (`qpdf --show-npages`) each count exactly the node's pages. The verdict lists every failure.
//
//   const { checker, saveWritten } = require('./support/writtenCheck');
//   const check = checker(); await check.ready();
//   const read = await readDocument({ open, mimeType, size });
//   await saveWritten(read.written, file); const verdict = await check.file(file, read.pages);
//   → { ok, failures: [sentence], counts: { pdfjs, poppler, mupdf, mupdfPages, qpdf }, stderr }
//   await check.close();
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { pdfJsCounter, READ_MS } = require('./oracles');

/** The commands run on a written file: its name goes after `args`. */
const COMMANDS = {
	qpdfCheck: ['qpdf', '--check'],
	qpdf: ['qpdf', '--show-npages'],
	poppler: ['pdfinfo'],
	mupdf: ['mutool', 'info', '-M'],
	mupdfPages: ['mutool', 'pages'],
};
const NAMES = Object.keys(COMMANDS);
/** How each command states the count (mupdfPages: how many `<page` elements). */
const PAGES = {
	qpdf: (out) => /^(\d+)\s*$/m.exec(out)?.[1],
	poppler: (out) => /^Pages:\s+(\d+)/m.exec(out)?.[1],
	mupdf: (out) => /^Pages:\s+(\d+)/m.exec(out)?.[1],
	mupdfPages: (out) => out.match(/^<page pagenum=/gm)?.length,
};
/**
 * qpdf's words for a warning about stream data (a page's content operators, data its filter cannot
 * decode), not the file's structure: the writer copies stream data byte for byte.
 */
const CONTENT =
	/\(content, offset \d+\)|error decoding stream data|errors while decoding content stream|re-processed without filtering|input stream is complete but output may still be valid/;
/** Output kept for a failure's sentence: enough to name the warning, never a whole file. */
const SHOWN = 300;
/** Output read of each command (a page list of 100,000 pages fits): a reader's endless warnings cut. */
const MOST_OUTPUT = 16 * 1024 * 1024;

/**
 * One bash kept for every file (a fork of a large node process costs its page tables): each file's
 * commands run side by side under coreutils' `timeout` and `ulimit -t`. Answers run(file) →
 * { name: { status, out, err } } (status past 128: ended by a signal, not read in time). Each answer
 * carries its request's number and settles only that request: one a caller stopped waiting for
 * (corpus.js's `within`) is never taken for the next file's.
 */
function shellRunner(ms, cpuSeconds) {
	const mark = `=== ${randomBytes(8).toString('hex')}`;
	const quote = (word) => `'${word.replace(/'/g, "'\\''")}'`;
	const script = [
		'dir=$(mktemp -d); trap \'rm -rf "$dir"\' EXIT',
		"while IFS=$'\\t' read -r id file; do",
		...NAMES.map(
			(name, at) =>
				`  ( ulimit -t ${cpuSeconds}; exec timeout -s KILL ${Math.ceil(ms / 1000)} ${COMMANDS[name].map(quote).join(' ')} "$file" ) >"$dir/${at}" 2>"$dir/${at}e" </dev/null & pid${at}=$!`,
		),
		...NAMES.map((_, at) => `  wait $pid${at}; status${at}=$?`),
		...NAMES.map(
			(_, at) =>
				`  echo "${mark} ${at} $status${at}"; head -c ${MOST_OUTPUT} "$dir/${at}"; echo "${mark}-err"; head -c ${MOST_OUTPUT} "$dir/${at}e"`,
		),
		`  echo "${mark} end $id"`,
		'done',
	].join('\n');
	const shell = spawn('bash', ['-c', script], { stdio: ['pipe', 'pipe', 'ignore'] });
	shell.stdout.setEncoding('latin1');
	let buffered = '';
	let asked = 0;
	const waiting = new Map();
	shell.stdout.on('data', (chunk) => {
		buffered += chunk;
		for (let end; (end = buffered.indexOf(`${mark} end `)) >= 0 && buffered.includes('\n', end);) {
			const answer = buffered.slice(0, end);
			const tail = buffered.slice(end + mark.length + 5);
			const id = Number(/^\d+/.exec(tail)[0]);
			buffered = tail.slice(tail.indexOf('\n') + 1);
			waiting.get(id)?.(resultsOf(answer));
			waiting.delete(id);
		}
	});
	const resultsOf = (answer) => {
		const results = {};
		for (const part of answer.split(`${mark} `).slice(1)) {
			const head = /^(\d+) (\d+)\n/.exec(part);
			if (!head) continue;
			const [out, err = ''] = part.slice(head[0].length).split(`${mark}-err\n`);
			results[NAMES[Number(head[1])]] = { status: Number(head[2]), out, err };
		}
		return results;
	};
	return {
		run: (file) =>
			new Promise((resolve) => {
				const id = ++asked;
				waiting.set(id, resolve);
				shell.stdin.write(`${id}\t${file}\n`);
			}),
		close: () =>
			new Promise((resolve) => {
				shell.on('exit', resolve);
				shell.stdin.end();
			}),
	};
}

const cut = (text) => text.trim().replace(/\s+/g, ' ').slice(0, SHOWN);

/**
 * The written check of files on disk, one at a time. `file(path, pages)` answers the verdict: every
 * reader's count, their stderr, and `failures`, one sentence each (empty: the file passes).
 * `pages` undefined asks only for the readings (the corpus's originals: whether they read cleanly).
 */
function checker({ ms = READ_MS, cpuSeconds = Math.ceil(ms / 1000) } = {}) {
	const shell = shellRunner(ms, cpuSeconds);
	const pdfJs = pdfJsCounter(Math.min(ms, cpuSeconds * 4000));
	return {
		ready: () => pdfJs.ready(),
		file: async (file, pages) => {
			const [results, own] = await Promise.all([
				shell.run(file),
				pdfJs.count(fs.readFileSync(file)),
			]);
			const counts = { pdfjs: own.pages };
			for (const name of Object.keys(PAGES)) {
				const found = results[name] && PAGES[name](results[name].out);
				counts[name] = found === undefined ? undefined : Number(found);
			}
			const failures = [];
			const check = results.qpdfCheck ?? { status: -1, out: '', err: '' };
			const said = `${check.out}\n${check.err}`
				.split('\n')
				.filter((line) => /^(WARNING|ERROR)\b|^qpdf: /.test(line));
			if (check.status !== 0 || said.length > 0)
				failures.push(`qpdf --check exits ${check.status}: ${cut(said.join(' ') || check.out)}`);
			// Stream data is the original's: the writer copies it byte for byte.
			const contentOnly =
				said.length > 0 &&
				said.every((line) => CONTENT.test(line) || /^qpdf: /.test(line)) &&
				said.some((line) => CONTENT.test(line));
			for (const name of ['poppler', 'mupdf', 'mupdfPages'])
				if (results[name]?.err.trim())
					failures.push(`${COMMANDS[name].join(' ')} warns: ${cut(results[name].err)}`);
			const timedOut = NAMES.filter((name) => results[name]?.status > 128);
			if (own.timedOut) timedOut.push('pdfjs');
			for (const name of timedOut) failures.push(`${name} did not read it in time`);
			if (pages !== undefined)
				for (const [name, count] of Object.entries(counts))
					if (count !== pages) failures.push(`${name} counts ${count}, the node ${pages}`);
			const stderr = Object.fromEntries(
				NAMES.filter((name) => results[name]?.err.trim()).map((name) => [
					name,
					cut(results[name].err),
				]),
			);
			return {
				ok: failures.length === 0,
				failures,
				counts,
				stderr,
				contentOnly: contentOnly && failures.length === 1,
			};
		},
		close: async () => {
			pdfJs.close();
			await shell.close();
		},
	};
}

/**
 * Streams a read's `written` PDF to `file`; answers a failure sentence where its bytes differ in
 * number from the `size` it stated (the upload's size, known before its first byte), else undefined.
 */
async function saveWritten(written, file) {
	const out = fs.openSync(file, 'w');
	let streamed = 0;
	try {
		for await (const chunk of await written.open()) {
			fs.writeSync(out, chunk);
			streamed += chunk.length;
		}
	} finally {
		fs.closeSync(out);
	}
	return streamed === written.size
		? undefined
		: `the written PDF streams ${streamed} bytes, its size says ${written.size}`;
}

/** `open` for bytes in memory, in 64 KB pieces, as n8n's binary store gives them. */
const openBytes = (bytes) => async () =>
	(async function* () {
		for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
	})();

/**
 * A PDF through the node's reader, then its written PDF through the check: answers { read, verdict }
 * (verdict undefined where the node does not count it; `read.written` missing where it counts is a
 * failure of its own).
 */
async function readAndCheck(readDocument, check, bytes, file) {
	const read = await readDocument({
		open: openBytes(bytes),
		mimeType: 'application/pdf',
		size: bytes.length,
	});
	if (read.pages === undefined) return { read };
	if (!read.written)
		return { read, verdict: { ok: false, failures: ['counted, but nothing written'] } };
	const sized = await saveWritten(read.written, file);
	const verdict = await check.file(file, read.pages);
	if (sized) verdict.failures.unshift(sized);
	verdict.ok = verdict.failures.length === 0;
	return { read, verdict };
}

/** Whether `qpdf --check` warns of stream data in `file` (an original whose data the writer copies). */
function contentWarnings(file) {
	const { stdout = '', stderr = '' } = require('node:child_process').spawnSync(
		'qpdf',
		['--check', file],
		{
			encoding: 'latin1',
			timeout: 60_000,
		},
	);
	return CONTENT.test(stdout) || CONTENT.test(stderr);
}

module.exports = { contentWarnings, checker, saveWritten, readAndCheck, openBytes, COMMANDS };
