'use strict';
// The document reader's fuzzer (issue 105): PDFs mutated in ways that know their structure
// (support/pdf-mutations.js), each read by the node's reader (nodes/shared/documentReader, from its
// TypeScript, in a worker thread: a read past 60 s never ended), which writes the PDF it would send;
// that written PDF goes through the written check (support/writtenCheck.js): `qpdf --check` clean,
// no warning from `pdfinfo` or `mutool`, and pdf.js, poppler, mupdf and qpdf each counting exactly
// the node's pages. A reader that has not answered in 20 s has not read it.
//
// A finding is a written PDF that fails the check, a count answered with more work than its limit,
// and a read that never ends (a mutant the node does not count is never one). Each kind of finding
// (its mutations) keeps its smallest file, written to the findings folder with its written PDF and a
// .json beside it (the node's count, the check's failures, the input and the mutations). It prints
// how many files, how many counted and why the others were not, the findings, and the worst CPU per
// unit of work and per byte.
//
//   node scripts/with-node.js node test/nodes/shared/documentReader/fuzz.js [--minutes 30 | --runs N] [--seed N]
//        [--corpus DIR | --no-corpus] [--out DIR] [--oracle-seconds 20] [--json]
//   node scripts/with-node.js node test/nodes/shared/documentReader/fuzz.js --reduce FILE [--out FILE]
//
// Inputs: the real producers' files of fixtures/, page trees built by support/pdf-build.ts (classic
// tables, cross-reference streams, object streams; numbers ordinary, sparse or hashed by V8 into
// one bucket) and, unless --no-corpus, the PDFs of ../shared/pdf-corpus up to 4 MB. Each mutation
// in turn, then up to two more at random, a file. Seeded: the same seed and runs make the same files. --reduce cuts a finding's
// file down (objects, then lines, each removal moving the offsets after it) while its written PDF
// still fails the check. Fails at once, naming the Debian packages, where a reader is missing.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const oracles = require('./support/oracles');
const writtenCheck = require('./support/writtenCheck');
const { mutations, edit } = require('./support/pdf-mutations');

const ROOT = path.resolve(__dirname, '../../../..');
const HERE = __dirname;
/** CPU a second below which the process is idle (a pending read then waits for nothing). */
const IDLE_MICROS = 2000;
/** Reads smaller than these are not measured a unit or a byte: a read's fixed cost (and the compiler's warm-up) blurs them. */
const MEASURED_UNITS = 10_000;
const MEASURED_BYTES = 10_000;
/** How long one read by the reader may take (wall time, on a busy machine) before it never ended. */
const READER_MS = 60_000;

function option(name, fallback) {
	const at = process.argv.indexOf(`--${name}`);
	return at < 0 ? fallback : process.argv[at + 1];
}
const flag = (name) => process.argv.includes(`--${name}`);

const { loadTypeScript } = require('./support/loadTypeScript');

/** mulberry32: a small seeded generator. */
function generator(seed) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const below = (n) => Math.floor(next() * n);
	return { next, below, pick: (list) => list[below(list.length)] };
}

const latin1 = (bytes) => Buffer.from(bytes).toString('latin1');
const bytesOf = (text) => Buffer.from(text, 'latin1');

/** The seed documents: fixtures, built page trees, the corpus's PDFs up to 4 MB. */
function seeds(random, build, corpus, collide) {
	const out = [];
	const fixtures = path.join(HERE, 'fixtures');
	for (const name of fs.readdirSync(fixtures).sort())
		if (name.endsWith('.pdf'))
			out.push({ name: `fixtures/${name}`, bytes: fs.readFileSync(path.join(fixtures, name)) });
	for (const form of ['table', 'stream', 'objstm'])
		for (const numbering of ['ordinary', 'sparse', 'colliding']) {
			const pages = random.pick([1, 2, 5, 17, 64, 300]);
			const needed = 4 + pages * 2;
			const numbers =
				numbering === 'ordinary'
					? undefined
					: numbering === 'colliding'
						? collide.slice(0, needed)
						: Array.from({ length: needed }, (_, at) => 1 + at * 997 + random.below(900));
			const fanout = random.pick([2, 3, 8, 50]);
			out.push({
				name: `built/${form}-${numbering}-${pages}-pages-fanout-${fanout}`,
				bytes: build.pageTree({ pages, fanout, numbers, form }).pdf,
			});
		}
	if (corpus && fs.existsSync(corpus)) {
		const files = [];
		const walk = (dir) => {
			for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
				const file = path.join(dir, entry.name);
				if (entry.isDirectory()) walk(file);
				else if (/\.pdf$/i.test(entry.name) && fs.statSync(file).size <= 4 * 1024 * 1024)
					files.push(file);
			}
		};
		walk(corpus);
		for (const file of files.sort())
			out.push({ name: path.relative(corpus, file), bytes: fs.readFileSync(file) });
	}
	return out;
}

/**
 * The node's reading of `bytes`: its count, why it refused, its work, whether it stalled, this
 * thread's CPU for it; the PDF it wrote goes to `file` (`sized`: a size it does not keep).
 */
function readerHere() {
	const dir = path.join(ROOT, 'nodes/shared/documentReader');
	const { readDocument } = loadTypeScript(path.join(dir, 'index.ts'));
	const { readPdfPages } = loadTypeScript(path.join(dir, 'pdfPages.ts'));
	// This thread's CPU alone (Node 23.9 and newer): pdf.js's worker is not the reader's.
	const cpuUsage = (previous) =>
		process.threadCpuUsage ? process.threadCpuUsage(previous) : process.cpuUsage(previous);
	return async (bytes, file) => {
		const start = cpuUsage();
		// A read of bytes in memory that is pending while the process spends no CPU is waiting for
		// nothing (n8n would wait for ever): a finding of its own. Checked each second; two idle
		// seconds in a row (a busy machine still gives a running read some CPU each second).
		let timer;
		const stalled = new Promise((resolve) => {
			let last = cpuUsage();
			let idle = 0;
			timer = setInterval(() => {
				const spent = cpuUsage(last);
				last = cpuUsage();
				idle = spent.user + spent.system < IDLE_MICROS ? idle + 1 : 0;
				if (idle >= 2) resolve({ stall: true });
			}, 1000);
		});
		const open = writtenCheck.openBytes(bytes);
		const answer = await Promise.race([
			(async () => {
				const read = await readDocument({ open, mimeType: 'application/pdf', size: bytes.length });
				// The work of the same read: the budget's figures (the entry answers none).
				const { work } = await readPdfPages(open);
				const sized =
					read.pages !== undefined && read.written
						? await writtenCheck.saveWritten(read.written, file)
						: undefined;
				return { ...read, written: Boolean(read.written), work, sized };
			})(),
			stalled,
		]).finally(() => clearInterval(timer));
		const used = cpuUsage(start);
		return { ...answer, micros: used.user + used.system };
	};
}

/**
 * The reader in a worker thread of its own (readerHere there): a read that has not answered in
 * READER_MS of wall time (a loop the budget does not stop never yields) ends with its thread, and
 * is a read that never ended.
 */
function readerOf() {
	const { Worker } = require('node:worker_threads');
	let worker;
	let ready;
	let asked = 0;
	let waiting;
	const start = () => {
		worker = new Worker(__filename, { workerData: { role: 'reader' } });
		ready = new Promise((resolve) =>
			worker.on('message', (answer) => (answer.ready ? resolve() : waiting?.(answer))),
		);
		worker.on('error', () => {});
	};
	start();
	const read = async (bytes, file) => {
		await ready;
		return await new Promise((resolve) => {
			const id = ++asked;
			const timer = setTimeout(() => {
				waiting = undefined;
				void worker.terminate();
				start();
				resolve({ pages: undefined, stall: true, micros: READER_MS * 1000 });
			}, READER_MS);
			waiting = (answer) => {
				if (answer.id !== id) return;
				clearTimeout(timer);
				waiting = undefined;
				resolve(answer);
			};
			worker.postMessage({ id, bytes: new Uint8Array(bytes), file });
		});
	};
	read.close = () => worker.terminate();
	return read;
}

/** The worker thread's side of readerOf. */
function readerThread() {
	const { parentPort } = require('node:worker_threads');
	const read = readerHere();
	parentPort.on('message', async ({ id, bytes, file }) => {
		const { pages, refused, written, sized, work, stall, micros } = await read(
			Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
			file,
		);
		parentPort.postMessage({
			id,
			pages,
			refused,
			written,
			sized,
			work: work && { total: work.total, limit: work.limit },
			stall,
			micros,
		});
	});
	parentPort.postMessage({ ready: true });
}

/**
 * The written check's failures of a read (none where the node does not count it). Warnings only of
 * stream data that the mutant or its unmutated input has too are the original's (stream data is
 * copied byte for byte): `copied`, not failures. (A mutant whose structure qpdf cannot read shows
 * no stream warnings of its own: its input's stand for it.)
 */
const inputWarns = new Map();
async function failuresOf(answer, check, file, bytes, input) {
	if (answer.pages === undefined) return { failures: [] };
	if (!answer.written) return { failures: ['counted, but nothing written'] };
	const verdict = await check.file(file, answer.pages);
	const failures = answer.sized ? [answer.sized, ...verdict.failures] : verdict.failures;
	if (!verdict.contentOnly || answer.sized) return { failures };
	const original = `${file}.original.pdf`;
	const warns = (data) => {
		fs.writeFileSync(original, data);
		const found = writtenCheck.contentWarnings(original);
		fs.rmSync(original, { force: true });
		return found;
	};
	if (input && !inputWarns.has(input.name)) inputWarns.set(input.name, warns(input.bytes));
	const copied = warns(bytes) || (input !== undefined && inputWarns.get(input.name));
	return copied ? { failures: [], copied: true } : { failures };
}

function failIfMissing() {
	const packages = oracles.missing();
	if (packages.length === 0) return;
	console.error(oracles.missingMessage(packages));
	process.exit(3);
}

async function fuzz() {
	const seed = Number(option('seed', '1'));
	const minutes = Number(option('minutes', '0'));
	const runs = Number(option('runs', minutes > 0 ? '0' : '300'));
	// The corpus beside the clone, or beside the folder of worktrees the clone sits in.
	const corpus = flag('no-corpus')
		? undefined
		: path.resolve(
				option(
					'corpus',
					[
						path.join(ROOT, '../shared/pdf-corpus'),
						path.join(ROOT, '../../shared/pdf-corpus'),
					].find((dir) => fs.existsSync(dir)) ?? path.join(ROOT, '../shared/pdf-corpus'),
				),
			);
	const out = path.resolve(option('out', path.join(os.tmpdir(), `reader-fuzz-${seed}`)));
	const json = flag('json');
	fs.mkdirSync(out, { recursive: true });
	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'reader-fuzz-mutant-'));
	const writtenFile = path.join(scratch, 'written.pdf');
	const read = readerOf();
	const build = loadTypeScript(path.join(HERE, 'support/pdf-build.ts'));

	const random = generator(seed);
	const collide = build.collidingNumbers(4000, 12);
	const inputs = seeds(random, build, corpus, collide);
	const mutate = mutations(random, collide);
	const names = Object.keys(mutate);
	// --oracle-seconds: the CPU a reader may take for one written file.
	const check = writtenCheck.checker({ cpuSeconds: Number(option('oracle-seconds', '20')) });
	await check.ready();

	const stats = {
		files: 0,
		counted: 0,
		refused: {},
		unreadable: 0,
		copiedContent: 0,
		overLimit: 0,
		stalled: 0,
		mostOvershoot: 0,
		byMutation: {},
	};
	const mutationsApplied = Object.fromEntries(names.map((name) => [name, 0]));
	const worst = { perUnit: { value: 0 }, perByte: { value: 0 }, cpu: { value: 0 } };
	/** The smallest file of each finding's kind (its mutations), written to `out`. */
	const findings = new Map();
	const deadline = Date.now() + minutes * 60_000;
	for (let run = 0; minutes > 0 ? Date.now() < deadline : run < runs; run++) {
		// Each mutation in turn first (on an input it fits, of up to 30 tried), then up to two at random.
		const first = names[run % names.length];
		let input;
		let text;
		const applied = [];
		const apply = (name) => {
			let next;
			try {
				next = mutate[name](text);
			} catch {
				next = undefined; // a mutation that does not fit this document
			}
			if (next === undefined || next === text) return false;
			text = next;
			applied.push(name);
			return true;
		};
		for (let tries = 0; tries < 30 && applied.length === 0; tries++) {
			input = random.pick(inputs);
			text = latin1(input.bytes);
			apply(first);
		}
		const more = random.below(3);
		for (let step = 0; step < more; step++) apply(random.pick(names));
		if (applied.length === 0) continue;
		for (const name of applied) mutationsApplied[name]++;
		const bytes = bytesOf(text);
		fs.rmSync(writtenFile, { force: true });
		const answer = await read(bytes, writtenFile);
		const { pages, work, stall, micros } = answer;
		const { failures, copied } = await failuresOf(answer, check, writtenFile, bytes, input);
		stats.files++;
		if (copied) stats.copiedContent++;
		if (pages !== undefined) stats.counted++;
		else {
			const reason = answer.refused ?? (stall ? 'never ended' : 'not a PDF');
			stats.refused[reason] = (stats.refused[reason] ?? 0) + 1;
		}
		const kinds = [];
		if (failures.length > 0) {
			stats.unreadable++;
			kinds.push('written-fails');
		}
		if (stall) {
			stats.stalled++;
			kinds.push('never-ended');
		}
		// Past its limit the budget stops a read (its last charge overshoots it): a count answered
		// with more work than the limit is a finding; how far a stopped read overshot is a figure.
		if (work && work.total > work.limit && pages === undefined)
			stats.mostOvershoot = Math.max(stats.mostOvershoot, work.total - work.limit);
		if (work && work.total > work.limit && pages !== undefined) {
			stats.overLimit++;
			kinds.push('over-limit');
		}
		for (const kind of kinds) {
			const key = `${kind}: ${applied.join(' + ')}`;
			stats.byMutation[key] = (stats.byMutation[key] ?? 0) + 1;
			const known = findings.get(key);
			if (known && bytes.length >= known.size) continue;
			const slug = `${kind}-${applied.join('-')}`.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
			const file =
				known?.file ?? path.join(out, `${String(findings.size + 1).padStart(3, '0')}-${slug}.pdf`);
			const finding = {
				file,
				size: bytes.length,
				kind,
				input: input.name,
				mutations: applied,
				pages,
				failures,
				work: work && { total: work.total, limit: work.limit },
			};
			fs.writeFileSync(file, bytes);
			if (failures.length > 0 && fs.existsSync(writtenFile))
				fs.copyFileSync(writtenFile, file.replace(/\.pdf$/, '.written.pdf'));
			fs.writeFileSync(file.replace(/\.pdf$/, '.json'), `${JSON.stringify(finding, null, 1)}\n`);
			findings.set(key, finding);
		}
		if (work && work.total > 0) {
			const perUnit = micros / work.total;
			if (perUnit > worst.perUnit.value && work.total >= MEASURED_UNITS)
				worst.perUnit = { value: perUnit, micros, units: work.total, input: input.name, applied };
		}
		const perByte = micros / bytes.length;
		if (perByte > worst.perByte.value && bytes.length >= MEASURED_BYTES)
			worst.perByte = { value: perByte, micros, size: bytes.length, input: input.name, applied };
		if (micros > worst.cpu.value) {
			fs.writeFileSync(path.join(out, 'most-cpu.pdf'), bytes);
			worst.cpu = {
				value: micros,
				size: bytes.length,
				units: work?.total,
				input: input.name,
				applied,
			};
		}
	}
	await check.close();
	await read.close();
	fs.rmSync(scratch, { recursive: true, force: true });
	const report = {
		seed,
		inputs: inputs.length,
		out,
		...stats,
		mutations: mutationsApplied,
		findings: Object.fromEntries(findings),
		worstMicrosPerUnit: worst.perUnit,
		worstMicrosPerByte: worst.perByte,
		mostCpuMicros: worst.cpu,
	};
	if (json) process.stdout.write(`${JSON.stringify(report)}\n`);
	else {
		console.log(
			`seed ${seed}: ${stats.files} files from ${inputs.length} inputs; findings in ${out}`,
		);
		console.log(`counted ${stats.counted}, cannot be counted ${JSON.stringify(stats.refused)}`);
		console.log(
			`written PDFs failing the check ${stats.unreadable} (besides ${stats.copiedContent} warned only of stream data copied from the original), work over its limit ${stats.overLimit}, reads that never ended ${stats.stalled}`,
		);
		for (const [key, finding] of findings)
			console.log(
				`  ${key}: ${finding.pages} pages; ${finding.failures.join('; ') || '-'} (${finding.input}), ${finding.size} bytes: ${finding.file}`,
			);
		console.log(
			`worst CPU a unit of work: ${worst.perUnit.value.toFixed(3)} µs (${JSON.stringify(worst.perUnit)})`,
		);
		console.log(
			`worst CPU a byte: ${worst.perByte.value.toFixed(3)} µs (${JSON.stringify(worst.perByte)})`,
		);
		console.log(
			`most CPU one read took: ${(worst.cpu.value / 1000).toFixed(1)} ms (${JSON.stringify(worst.cpu)})`,
		);
	}
}

/**
 * A finding's file cut down while the node still counts it and its written PDF still fails the
 * check in the same way (its first failure's words): whole objects, then lines, then runs of bytes, each removal moving the offsets after it
 * (support/pdf-mutations.js).
 */
async function reduce(file) {
	const read = readerOf();
	const check = writtenCheck.checker();
	await check.ready();
	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'reader-reduce-'));
	const writtenFile = path.join(scratch, 'written.pdf');
	// The kind of failure kept: its first sentence without numbers or paths (a cut file fails in new ways).
	const kind = (failure) => failure.replace(/\S*\/\S*|\d+/g, '').slice(0, 60);
	let wanted;
	const holds = async (text) => {
		const bytes = bytesOf(text);
		const answer = await read(bytes, writtenFile);
		const { failures } = await failuresOf(answer, check, writtenFile, bytes);
		const kept = wanted === undefined || failures.some((failure) => kind(failure) === wanted);
		return failures.length > 0 && kept ? { pages: answer.pages, failures } : undefined;
	};
	let text = latin1(fs.readFileSync(file));
	let last = await holds(text);
	if (!last)
		throw new Error(`${file}: the node does not count it, or its written PDF passes the check`);
	const passes = [
		(t) =>
			[...t.matchAll(/(?<=[\r\n])\d+\s+\d+\s+obj\b[^]*?endobj\s*/g)].map((m) => [
				m.index,
				m[0].length,
			]),
		(t) => [...t.matchAll(/[^\r\n]*[\r\n]+/g)].map((m) => [m.index, m[0].length]),
		(t) =>
			[...t.matchAll(/\/[A-Za-z#0-9]+\s*(?:\d+\s+\d+\s+R|\/[A-Za-z]+|\d+|\([^)]*\))\s*/g)].map(
				(m) => [m.index, m[0].length],
			),
	];
	for (let changed = true; changed;) {
		changed = false;
		for (const pass of passes) {
			// From the end: a removal moves only what comes after it.
			for (const [at, length] of pass(text).reverse()) {
				if (at + length > text.length) continue;
				const candidate = edit(text, at, length, '');
				const answer = await holds(candidate);
				if (answer) {
					text = candidate;
					last = answer;
					changed = true;
				}
			}
		}
	}
	await check.close();
	await read.close();
	fs.rmSync(scratch, { recursive: true, force: true });
	const target = option('out', file.replace(/\.pdf$/, '.reduced.pdf'));
	fs.writeFileSync(target, bytesOf(text));
	console.log(
		JSON.stringify({ file: target, size: text.length, pages: last.pages, failures: last.failures }),
	);
}

// pdf.js leaves some of a damaged file's promises rejected after its document is destroyed: not ours.
process.on('unhandledRejection', () => {});
if (require('node:worker_threads').workerData?.role === 'reader') readerThread();
else {
	failIfMissing();
	(option('reduce') ? reduce(path.resolve(option('reduce'))) : fuzz()).catch((error) => {
		console.error(error);
		process.exit(1);
	});
}
