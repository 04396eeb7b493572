'use strict';
// The document reader's differential fuzzer: PDFs mutated in ways that know their structure, each
// counted by the reader (nodes/shared/documentReader/pdfPages.ts, from its TypeScript) and by
// pdf.js in a worker thread (a file it has not read in 20 s counts as not read: its recovery of a
// damaged file can loop for many minutes). A finding is an undercount (the reader's pages below
// pdf.js's, where pdf.js reads the file) or a read whose work passed its limit; each is written to
// /tmp, the smallest of each kind kept. It prints how many files, the findings, and the worst CPU per unit of
// work and per byte.
//
//   node scripts/with-node.js node test/nodes/shared/documentReader/fuzz.js [--minutes 30 | --runs N] [--seed N] [--corpus DIR | --no-corpus] [--json]
//
// Inputs: the real producers' files of fixtures/, page trees built by support/pdf-build.ts (classic
// tables, cross-reference streams, object streams; numbers ordinary, sparse or hashed by V8 into
// one bucket) and, unless --no-corpus, the PDFs of ../shared/pdf-corpus up to 4 MB. Mutations:
// trailers (dropped, doubled, another /Root, /Size, /Prev, /XRefStm, /Encrypt), table entries
// (offsets moved, n↔f, generations), object headers' and references' generations, /Count (0, -1, 1,
// huge, removed, indirect), /Kids (a kid doubled, dropped, looped, dangling), object streams
// (/N, /First, the table), `startxref` removed or moved, incremental updates that rewrite the page
// tree, and bytes cut, doubled or changed. Seeded: the same seed and runs make the same files.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../../..');
const HERE = __dirname;
/** CPU a second below which the process is idle (a pending read then waits for nothing). */
const IDLE_MICROS = 2000;
/** Reads smaller than these are not measured a unit or a byte: a read's fixed cost (and the compiler's warm-up) blurs them. */
const MEASURED_UNITS = 10_000;
const MEASURED_BYTES = 10_000;
/** How long pdf.js may take for one file (wall time, on a busy machine) before it counts as not read. */
const PDFJS_MS = 20_000;

function option(name, fallback) {
	const at = process.argv.indexOf(`--${name}`);
	return at < 0 ? fallback : process.argv[at + 1];
}
const flag = (name) => process.argv.includes(`--${name}`);

/** Loads TypeScript (the reader, the builders) through TypeScript's transpiler. */
function loadTypeScript(file) {
	const ts = require('typescript');
	if (!require.extensions['.ts'])
		require.extensions['.ts'] = (module, filename) => {
			const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
				compilerOptions: {
					module: ts.ModuleKind.CommonJS,
					target: ts.ScriptTarget.ES2022,
					esModuleInterop: true,
				},
			});
			module._compile(outputText, filename);
		};
	return require(file);
}

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

/** Every match of `pattern` in `text`, as [index, match]. */
function matches(text, pattern) {
	return [...text.matchAll(pattern)].map((match) => [match.index, match]);
}

/** Replaces one match of `pattern` (chosen by `random`) through `replace`; undefined where none. */
function replaceOne(random, text, pattern, replace) {
	const found = matches(text, pattern);
	if (found.length === 0) return undefined;
	const [at, match] = random.pick(found);
	return text.slice(0, at) + replace(match) + text.slice(at + match[0].length);
}

/** An incremental update appended to `text`: objects (number → body), a table, a trailer with /Prev. */
function appendUpdate(text, objects, trailerExtra = '') {
	const root = /\/Root\s+(\d+)\s+(\d+)\s+R/.exec(text);
	const prevMatch = [...text.matchAll(/startxref\s+(\d+)/g)].at(-1);
	let out = `${text}\n`;
	const entries = [];
	for (const [number, body] of objects) {
		entries.push([number, Buffer.byteLength(out, 'latin1')]);
		out += `${number} 0 obj\n${body}\nendobj\n`;
	}
	const at = Buffer.byteLength(out, 'latin1');
	out += `xref\n${entries.map(([n, o]) => `${n} 1\n${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
	const size = Math.max(
		...entries.map(([n]) => n + 1),
		Number(/\/Size\s+(\d+)/.exec(text)?.[1] ?? 0),
	);
	out += `trailer\n<< /Size ${size}${root ? ` /Root ${root[1]} ${root[2]} R` : ''}${prevMatch ? ` /Prev ${prevMatch[1]}` : ''}${trailerExtra} >>\nstartxref\n${at}\n%%EOF\n`;
	return out;
}

/** The structure-aware mutations: each takes the document's text, answers a new text or undefined. */
function mutations(random, collide) {
	const anyNumber = () =>
		random.pick([
			0,
			1,
			2,
			-1,
			3,
			7,
			100,
			65535,
			99999,
			2 ** 31,
			1e10,
			collide[random.below(collide.length)],
		]);
	const refOf = (text) =>
		random.pick(matches(text, /(\d+)\s+(\d+)\s+R\b/g).map(([, m]) => m[1])) ?? '1';
	return {
		'trailer dropped': (t) =>
			replaceOne(random, t, /trailer\s*<<[^]*?>>\s*(?=startxref)/g, () => ''),
		'trailer doubled, another /Root': (t) =>
			replaceOne(
				random,
				t,
				/trailer\s*<<([^]*?)>>/g,
				(m) =>
					`trailer\n<<${m[1].replace(/\/Root\s+\d+\s+\d+\s+R/, `/Root ${refOf(t)} 0 R`)}>>\n${m[0]}`,
			),
		'trailer /Size': (t) => replaceOne(random, t, /\/Size\s+\d+/g, () => `/Size ${anyNumber()}`),
		'trailer /Prev': (t) =>
			replaceOne(
				random,
				t,
				/(\/Root\s+\d+\s+\d+\s+R)/g,
				(m) => `${m[1]} /Prev ${random.below(t.length)}`,
			),
		'/Prev moved': (t) =>
			replaceOne(random, t, /\/Prev\s+\d+/g, () => `/Prev ${random.below(t.length)}`),
		'/XRefStm': (t) =>
			replaceOne(
				random,
				t,
				/(\/Root\s+\d+\s+\d+\s+R)/g,
				(m) => `${m[1]} /XRefStm ${random.below(t.length)}`,
			),
		'/Encrypt added': (t) =>
			replaceOne(random, t, /(\/Root\s+\d+\s+\d+\s+R)/g, (m) =>
				random.next() < 0.5
					? `${m[1]} /Encrypt << /Filter /Standard /V 1 /R 2 /O <${'00'.repeat(32)}> /U <${'00'.repeat(32)}> /P -4 >>`
					: `${m[1]} /Encrypt ${refOf(t)} 0 R`,
			),
		'table entry moved': (t) =>
			replaceOne(
				random,
				t,
				/(\d{10}) (\d{5}) n/g,
				(m) =>
					`${String(Math.max(0, Number(m[1]) + random.below(41) - 20)).padStart(10, '0')} ${m[2]} n`,
			),
		'table entry n↔f': (t) =>
			replaceOne(random, t, /(\d{10} \d{5}) ([nf])/g, (m) => `${m[1]} ${m[2] === 'n' ? 'f' : 'n'}`),
		'table entry generation': (t) =>
			replaceOne(
				random,
				t,
				/(\d{10}) (\d{5}) ([nf])/g,
				(m) => `${m[1]} ${String(random.pick([0, 1, 2, 65535])).padStart(5, '0')} ${m[3]}`,
			),
		'header generation': (t) =>
			replaceOne(
				random,
				t,
				/(?<=[\r\n])(\d+) (\d+) obj/g,
				(m) => `${m[1]} ${random.pick([0, 1, 2, 65535])} obj`,
			),
		'reference generation': (t) =>
			replaceOne(random, t, /(\d+) (\d+) R\b/g, (m) => `${m[1]} ${random.pick([0, 1, 2])} R`),
		'/Count': (t) =>
			replaceOne(
				random,
				t,
				/\/Count\s+(-?\d+)/g,
				() =>
					`/Count ${random.pick(['0', '-1', '1', '-0', '2', '9999999999', '1.5', `${anyNumber()}`])}`,
			),
		'/Count removed': (t) => replaceOne(random, t, /\/Count\s+-?\d+/g, () => ''),
		'/Count indirect': (t) =>
			replaceOne(random, t, /\/Count\s+-?\d+/g, () => `/Count ${refOf(t)} 0 R`),
		'/Kids kid doubled': (t) =>
			replaceOne(random, t, /\/Kids\s*\[\s*(\d+\s+\d+\s+R)/g, (m) => `/Kids [${m[1]} ${m[1]}`),
		'/Kids kid dropped': (t) =>
			replaceOne(random, t, /\/Kids\s*\[\s*\d+\s+\d+\s+R/g, () => '/Kids ['),
		'/Kids looped': (t) => replaceOne(random, t, /\/Kids\s*\[/g, () => `/Kids [${refOf(t)} 0 R `),
		'/Kids dangling': (t) =>
			replaceOne(random, t, /\/Kids\s*\[/g, () => `/Kids [${anyNumber()} 0 R `),
		'/Type /Page ↔ /Pages': (t) =>
			replaceOne(random, t, /\/Type\s*\/Pages?\b/g, (m) =>
				m[0].endsWith('Pages') ? '/Type /Page' : '/Type /Pages',
			),
		'object stream /N': (t) =>
			replaceOne(
				random,
				t,
				/(\/Type\s*\/ObjStm[^>]*?)\/N\s+\d+/g,
				(m) => `${m[1]}/N ${anyNumber()}`,
			),
		'object stream /First': (t) =>
			replaceOne(random, t, /\/First\s+\d+/g, () => `/First ${random.below(200)}`),
		'startxref removed': (t) => replaceOne(random, t, /startxref\s+\d+/g, () => ''),
		'startxref moved': (t) =>
			replaceOne(
				random,
				t,
				/startxref\s+(\d+)/g,
				(m) => `startxref\n${Math.max(0, Number(m[1]) + random.below(21) - 10)}`,
			),
		'update: page tree root rewritten': (t) => {
			const root = /\/Pages\s+(\d+)\s+0\s+R/.exec(t);
			const page = /(\d+)\s+0\s+obj\s*<<[^>]*\/Type\s*\/Page\b/.exec(t);
			if (!root || !page) return undefined;
			return appendUpdate(t, [
				[
					Number(root[1]),
					`<< /Type /Pages /Kids [${page[1]} 0 R] /Count ${random.pick([1, 0, 2])} >>`,
				],
			]);
		},
		'update: catalog at a colliding number': (t) => {
			const pages = /\/Pages\s+(\d+)\s+0\s+R/.exec(t);
			if (!pages) return undefined;
			const number = collide[random.below(collide.length)];
			const updated = appendUpdate(t, [[number, `<< /Type /Catalog /Pages ${pages[1]} 0 R >>`]]);
			const [at, last] = matches(updated, /\/Root\s+\d+\s+\d+\s+R/g).at(-1);
			return `${updated.slice(0, at)}/Root ${number} 0 R${updated.slice(at + last[0].length)}`;
		},
		'update: object freed': (t) => {
			const at = Buffer.byteLength(t, 'latin1');
			const prev = [...t.matchAll(/startxref\s+(\d+)/g)].at(-1);
			const root = /\/Root\s+(\d+)\s+(\d+)\s+R/.exec(t);
			if (!prev || !root) return undefined;
			return `${t}\nxref\n${refOf(t)} 1\n0000000000 00001 f \ntrailer\n<< /Size ${anyNumber()} /Root ${root[1]} ${root[2]} R /Prev ${prev[1]} >>\nstartxref\n${at + 1}\n%%EOF\n`;
		},
		'bytes cut': (t) => {
			const at = random.below(t.length);
			return t.slice(0, at) + t.slice(at + 1 + random.below(64));
		},
		'bytes doubled': (t) => {
			const at = random.below(t.length);
			const length = 1 + random.below(256);
			return t.slice(0, at + length) + t.slice(at, at + length) + t.slice(at + length);
		},
		'byte changed': (t) => {
			const at = random.below(t.length);
			return t.slice(0, at) + String.fromCharCode(random.below(256)) + t.slice(at + 1);
		},
		truncated: (t) => t.slice(0, random.below(t.length)),
	};
}

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
 * pdf.js's count, in a worker thread of its own: a read that has not answered within PDFJS_MS (its
 * recovery of a damaged file can loop for many minutes without a wait, and some promises stay
 * pending for ever) ends with its thread, and counts as not read.
 */
function pdfJsCounter() {
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
	// Answered once pdf.js is loaded: its loading is not counted in the reader's CPU after it.
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
		count: async (bytes) => {
			await ready;
			return await new Promise((resolve) => {
				const id = ++asked;
				const timer = setTimeout(() => {
					waiting.delete(id);
					void worker.terminate();
					void start().then(() => resolve(undefined));
				}, PDFJS_MS);
				waiting.set(id, (pages) => {
					clearTimeout(timer);
					waiting.delete(id);
					resolve(pages);
				});
				worker.postMessage({ id, bytes: new Uint8Array(bytes) });
			});
		},
		close: () => void worker.terminate(),
	};
}

async function main() {
	const seed = Number(option('seed', '1'));
	const minutes = Number(option('minutes', '0'));
	const runs = Number(option('runs', minutes > 0 ? '0' : '200'));
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
	const out = option('out', '/tmp');
	const json = flag('json');
	fs.mkdirSync(out, { recursive: true });
	const { readPdfPages } = loadTypeScript(
		path.join(ROOT, 'nodes/shared/documentReader/pdfPages.ts'),
	);
	const build = loadTypeScript(path.join(HERE, 'support/pdf-build.ts'));

	const random = generator(seed);
	const collide = build.collidingNumbers(4000, 12);
	const inputs = seeds(random, build, corpus, collide);
	const mutate = mutations(random, collide);
	const names = Object.keys(mutate);

	const pdfJs = pdfJsCounter();
	const pdfJsPages = (bytes) => pdfJs.count(bytes);
	// This thread's CPU alone (Node 23.9 and newer): pdf.js's worker, maybe still ending a read it
	// gave up on, is not the reader's.
	const cpuUsage = (previous) =>
		process.threadCpuUsage ? process.threadCpuUsage(previous) : process.cpuUsage(previous);
	const read = async (bytes) => {
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
				if (idle >= 2) resolve({ stalled: true });
			}, 1000);
		});
		const {
			pages,
			work,
			stalled: stall,
		} = await Promise.race([
			readPdfPages(async () =>
				(async function* () {
					for (let at = 0; at < bytes.length; at += 64 * 1024)
						yield bytes.subarray(at, at + 64 * 1024);
				})(),
			),
			stalled,
		]).finally(() => clearInterval(timer));
		const used = cpuUsage(start);
		return { pages, work, stall, micros: used.user + used.system };
	};

	const stats = {
		files: 0,
		pdfjsRead: 0,
		counted: 0,
		uncounted: 0,
		over: 0,
		undercounts: 0,
		overLimit: 0,
		stalled: 0,
		byMutation: {},
	};
	const worst = { perUnit: { value: 0 }, perByte: { value: 0 }, cpu: { value: 0 } };
	/** The smallest file of each finding's kind (mutation), written to `out`. */
	const findings = new Map();
	const deadline = Date.now() + minutes * 60_000;
	for (let run = 0; minutes > 0 ? Date.now() < deadline : run < runs; run++) {
		const input = random.pick(inputs);
		let text = latin1(input.bytes);
		const applied = [];
		const steps = 1 + random.below(3);
		for (let step = 0; step < steps; step++) {
			const name = random.pick(names);
			let next;
			try {
				next = mutate[name](text);
			} catch {
				next = undefined; // a mutation that does not fit this document
			}
			if (next !== undefined) {
				text = next;
				applied.push(name);
			}
		}
		if (applied.length === 0) continue;
		const bytes = bytesOf(text);
		const reference = await pdfJsPages(bytes);
		const { pages, work, stall, micros } = await read(bytes);
		stats.files++;
		if (reference !== undefined) stats.pdfjsRead++;
		if (pages === undefined) stats.uncounted++;
		else stats.counted++;
		if (pages !== undefined && reference !== undefined && pages > reference) stats.over++;
		const kinds = [];
		if (pages !== undefined && reference !== undefined && pages < reference) {
			stats.undercounts++;
			kinds.push('undercount');
		}
		if (stall) {
			stats.stalled++;
			kinds.push('stalled');
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
			if (!known || bytes.length < known.size) {
				const file = path.join(out, `reader-fuzz-${seed}-${kind}-${findings.size}.pdf`);
				if (known) fs.rmSync(known.file, { force: true });
				fs.writeFileSync(known?.file ?? file, bytes);
				findings.set(key, {
					file: known?.file ?? file,
					size: bytes.length,
					input: input.name,
					pages,
					reference,
				});
			}
		}
		if (work && work.total > 0) {
			const perUnit = micros / work.total;
			if (perUnit > worst.perUnit.value && work.total >= MEASURED_UNITS)
				worst.perUnit = { value: perUnit, micros, units: work.total, input: input.name, applied };
		}
		const perByte = micros / bytes.length;
		if (perByte > worst.perByte.value && bytes.length >= MEASURED_BYTES)
			worst.perByte = { value: perByte, micros, size: bytes.length, input: input.name, applied };
		if (micros > worst.cpu.value)
			fs.writeFileSync(path.join(out, `reader-fuzz-${seed}-most-cpu.pdf`), bytes);
		if (micros > worst.cpu.value)
			worst.cpu = {
				value: micros,
				size: bytes.length,
				units: work?.total,
				input: input.name,
				applied,
			};
	}
	pdfJs.close();
	const report = {
		seed,
		inputs: inputs.length,
		...stats,
		findings: Object.fromEntries(findings),
		worstMicrosPerUnit: worst.perUnit,
		worstMicrosPerByte: worst.perByte,
		mostCpuMicros: worst.cpu,
	};
	if (json) process.stdout.write(`${JSON.stringify(report)}\n`);
	else {
		console.log(
			`seed ${seed}: ${stats.files} files from ${inputs.length} inputs; pdf.js read ${stats.pdfjsRead}`,
		);
		console.log(
			`counted ${stats.counted}, cannot be counted ${stats.uncounted}, above pdf.js ${stats.over}`,
		);
		console.log(
			`undercounts ${stats.undercounts}, work over its limit ${stats.overLimit}, reads that never ended ${stats.stalled}`,
		);
		for (const [key, finding] of findings)
			console.log(
				`  ${key}: ${finding.pages} < ${finding.reference} (${finding.input}), ${finding.size} bytes: ${finding.file}`,
			);
		console.log(
			`worst CPU a unit of work: ${worst.perUnit.value.toFixed(3)} µs (${JSON.stringify(worst.perUnit)})`,
		);
		console.log(
			`worst CPU a byte: ${worst.perByte.value.toFixed(3)} µs (${JSON.stringify(worst.perByte)})`,
		);
		console.log(
			`most CPU: ${(worst.cpu.value / 1000).toFixed(1)} ms (${JSON.stringify(worst.cpu)})`,
		);
	}
}

// pdf.js leaves some of a damaged file's promises rejected after its document is destroyed: not ours.
process.on('unhandledRejection', () => {});
main().catch((error) => {
	console.error(error);
	process.exit(1);
});
