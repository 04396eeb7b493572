'use strict';
// Memory of one Fax → Send in a real n8n: the peak extra resident memory (RSS) of n8n's process
// while one Send of a 10, 50 or 150 MB document runs, from Binary Fields (n8n's filesystem mode,
// its default in 2.x, and its memory mode) and from URLs, as a ratio to the document, next to
// n8n's own HTTP Request node uploading the same file as multipart; then two 150 MB sends at once.
//
//   node scripts/with-node.js node test/n8n/bench/memory.js [--sizes=10,50,150] [--modes=filesystem,default] [--runs=3]
//     [--cases=readOnly,binary,httpRequest,url,twoAtOnce]  (a subset, to look at one case; not written)
//   node scripts/with-node.js node test/n8n/bench/memory.js --report-only   (section text from the stored figures)
//
// Every run of every case has an n8n of its own, so memory a heavier case freed (and the process
// kept) cannot hide the next case's. A warm-up run with a 1 MB document loads the code first.
// RSS is sampled from /proc every 20 ms from just before the webhook call until n8n has saved the
// execution; the execution's data is read only after that. "Extra" is the peak minus the RSS just
// before the call; a case's figure is the median of its runs. Figures are printed as a markdown
// table, kept in test/n8n/bench/results/memory.json (whose goals and reading docs/benchmarks.md
// shows, through test/n8n/bench/lib/report.js) and in test/n8n/bench/results/memory.md; nothing is asserted.

const { fork } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../..');
const { startFaxPlusServer } = require(path.join(ROOT, 'test/server'));
const { startN8n } = require(path.join(ROOT, 'scripts/n8n/n8n.js'));
const { buildPackage } = require(path.join(ROOT, 'test/support/runner.js'));
const { sendParameters } = require(path.join(ROOT, 'test/support/send-parameters.js'));
const { credRef, webhookWorkflow, errorOf } = require(path.join(ROOT, 'test/n8n/e2e/lib.js'));
const { summarize } = require('./lib/stats');

const MB = 1024 * 1024;
const args = Object.fromEntries(
	process.argv
		.slice(2)
		.map((a) => /^--([^=]+)(?:=(.*))?$/.exec(a))
		.filter(Boolean)
		.map((m) => [m[1], m[2] ?? true]),
);
const SIZES = (args.sizes || '10,50,150').split(',').map(Number);
const MODES = (args.modes || 'filesystem,default').split(',');
const RUNS = Number(args.runs || 3);
const CASES = args.cases ? args.cases.split(',') : undefined;
const WARM_UP_MB = 1;

function rssOf(pid) {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Peak extra RSS of `pid` while `work` runs, over the RSS just before it. */
async function peakExtra(pid, work) {
	await sleep(1500);
	const before = rssOf(pid);
	let peak = before;
	let running = true;
	const sampler = (async () => {
		while (running) {
			peak = Math.max(peak, rssOf(pid));
			await sleep(20);
		}
	})();
	try {
		await work();
	} finally {
		running = false;
		await sampler;
	}
	return peak - before;
}

/** A file server on loopback streaming the files of `dir` with their Content-Length. */
async function startFileServer(dir) {
	const server = http.createServer((req, res) => {
		const file = path.join(dir, path.basename(new URL(req.url, 'http://x').pathname));
		if (!fs.existsSync(file)) return void res.writeHead(404).end();
		res.writeHead(200, {
			'content-type': 'application/pdf',
			'content-length': fs.statSync(file).size,
		});
		fs.createReadStream(file).pipe(res);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

function writeDocument(file, bytes) {
	const fd = fs.openSync(file, 'w');
	fs.writeSync(fd, Buffer.from('%PDF-1.4\n'));
	for (let written = 9; written < bytes;) {
		const chunk = crypto.randomBytes(Math.min(8 * MB, bytes - written));
		fs.writeSync(fd, chunk);
		written += chunk.length;
	}
	fs.closeSync(fd);
}

/** The documents, written once, in the folder n8n's file nodes may read (linked, not copied). */
function placeDocuments(documents, filesDir) {
	for (const [name, file] of Object.entries(documents)) {
		const target = path.join(filesDir, name);
		try {
			fs.linkSync(file, target);
		} catch {
			fs.copyFileSync(file, target);
		}
	}
}

/** A server that counts the bytes of each request's body and keeps none of them. */
async function startSink() {
	const received = [];
	const server = http.createServer((req, res) => {
		let bytes = 0;
		req.on('data', (chunk) => (bytes += chunk.length));
		req.on('end', () => {
			received.push(bytes);
			res.end();
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}/`,
		received,
		close: () => server.close(),
	};
}

/** Peak extra RSS of a fresh Node process streaming the document to the sink (test/n8n/bench/lib/stream-file.js). */
async function measureNodeAlone({ size, documents, sink }) {
	const child = fork(path.join(__dirname, 'lib/stream-file.js'), [
		documents[`doc-${size}.pdf`],
		sink.url,
	]);
	try {
		await new Promise((resolve) => child.once('message', resolve));
		const extra = await peakExtra(child.pid, async () => {
			const done = new Promise((resolve, reject) => {
				child.once('message', resolve);
				child.once('exit', (code) => code && reject(new Error(`stream-file exited ${code}`)));
			});
			child.send('go');
			await done;
		});
		if (sink.received.at(-1) !== size * MB) throw new Error('memory nodeAlone: the sink got less');
		return extra;
	} finally {
		child.kill();
	}
}

/** The nodes of a case after the Webhook node. */
function caseNodes(name, server, credential) {
	const read = {
		name: 'Read',
		type: 'n8n-nodes-base.readWriteFile',
		typeVersion: 1.1,
		parameters: { operation: 'read', fileSelector: '={{ $json.body.path }}', options: {} },
	};
	const send = (source) => ({
		name: 'Send',
		parameters: sendParameters(
			source === 'url'
				? { documentSource: 'url', documentUrls: '={{ $json.body.url }}' }
				: { binaryPropertyNames: 'data' },
		),
		credentials: credRef('faxPlusApi', credential),
	});
	const httpRequest = {
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `${server.baseUrl}/accounts/self/files?format=pdf`,
			sendHeaders: true,
			headerParameters: {
				parameters: [{ name: 'Authorization', value: `Bearer ${server.tokens.pat}` }],
			},
			sendBody: true,
			contentType: 'multipart-form-data',
			bodyParameters: {
				parameters: [
					{ parameterType: 'formBinaryData', name: 'fax_file', inputDataFieldName: 'data' },
				],
			},
			options: {},
		},
	};
	const cases = {
		readOnly: () => [read],
		binary: () => [read, send('binary')],
		httpRequest: () => [read, httpRequest],
		url: () => [send('url')],
		twoAtOnce: () => [read, send('binary')],
	};
	return cases[name]();
}

/** The case's workflow, active in `n8n`; answers `run(document)`, which posts one call and resolves once n8n saved its execution. */
async function deployCase(n8n, server, files, name) {
	const credential = ['binary', 'url', 'twoAtOnce'].includes(name)
		? await n8n.createCredential('Fax.Plus PAT (memory)', 'faxPlusApi', {
				accessToken: server.tokens.pat,
				baseUrl: server.baseUrl,
			})
		: undefined;
	const hookPath = `memory-${name}`;
	const workflow = await n8n.importWorkflow(
		webhookWorkflow({
			name: `memory ${name}`,
			path: hookPath,
			nodes: caseNodes(name, server, credential),
		}),
	);
	await n8n.activate(workflow.id);
	await n8n.waitForWebhook(hookPath);
	let calls = 0;
	return async (document) => {
		const body =
			name === 'url'
				? { url: `${files.origin}/${document}` }
				: { path: path.join(n8n.filesDir, document) };
		const response = await fetch(n8n.webhookUrl(hookPath), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		await response.arrayBuffer();
		calls += 1;
		// Finished executions without their data: reading the data back is not the run's memory.
		const deadline = Date.now() + 300_000;
		for (;;) {
			const list = await n8n.executions(workflow.id, { includeData: false });
			const done = list.filter((e) => e.stoppedAt || e.finished);
			if (done.length >= calls) return done.map((e) => e.id);
			if (Date.now() > deadline) throw new Error(`memory ${name}: no finished execution`);
			await sleep(100);
		}
	};
}

/** Fails unless every execution succeeded and the server received each upload whole. */
async function checkRuns(n8n, server, name, executionIds, bytes, calls = 1) {
	for (const id of executionIds) {
		const error = errorOf(await n8n.execution(id));
		if (error)
			throw new Error(`memory ${name}: run failed: ${error.message} ${error.description ?? ''}`);
	}
	if (name === 'readOnly') return;
	const sizes = Object.values(server.state.files).map((file) => file.size);
	if (sizes.filter((size) => size === bytes).length !== calls) {
		throw new Error(
			`memory ${name}: the server holds files of ${sizes.join(', ')} bytes, not ${calls} of ${bytes}`,
		);
	}
}

/** Peak extra RSS of one run of a case (two calls at once for twoAtOnce) in an n8n of its own. */
async function measureOnce({ mode, name, size, documents, server }) {
	const n8n = await startN8n({
		env: { N8N_DEFAULT_BINARY_DATA_MODE: mode, N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32' },
	});
	placeDocuments(documents, n8n.filesDir);
	const files = await startFileServer(n8n.filesDir);
	try {
		const run = await deployCase(n8n, server, files, name);
		server.reset();
		await checkRuns(n8n, server, name, await run(`doc-${WARM_UP_MB}.pdf`), WARM_UP_MB * MB);
		server.reset();
		let executionIds = [];
		const calls = name === 'twoAtOnce' ? 2 : 1;
		const extra = await peakExtra(n8n.proc.pid, async () => {
			const lists = await Promise.all(
				Array.from({ length: calls }, async () => await run(`doc-${size}.pdf`)),
			);
			executionIds = [...new Set(lists.flat())].slice(-calls);
		});
		await checkRuns(n8n, server, name, executionIds, size * MB, calls);
		server.reset();
		return extra;
	} finally {
		files.close();
		await n8n.stop();
	}
}

async function main() {
	await buildPackage();
	const server = await startFaxPlusServer({ port: 0 });
	const sink = await startSink();
	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'faxplus-memory-'));
	const documents = {};
	for (const size of [WARM_UP_MB, ...SIZES]) {
		documents[`doc-${size}.pdf`] = path.join(scratch, `doc-${size}.pdf`);
		writeDocument(documents[`doc-${size}.pdf`], size * MB);
	}
	const results = {
		at: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
		load: os.loadavg(),
		node: process.version,
		runs: RUNS,
		rows: [],
	};
	const fmt = (bytes) => `${Math.round(bytes / MB)} MB`;
	try {
		for (const mode of MODES) {
			for (const size of SIZES) {
				const row = { mode, size, samples: {} };
				const names = ['readOnly', 'binary', 'httpRequest', 'url'];
				if (mode === MODES[0]) names.push('nodeAlone');
				if (size === Math.max(...SIZES)) names.push('twoAtOnce');
				if (CASES) names.splice(0, names.length, ...names.filter((name) => CASES.includes(name)));
				// Runs interleave the cases, so a change in the machine's load touches all of them alike.
				for (let runIndex = 0; runIndex < RUNS; runIndex++) {
					for (const name of names) {
						const extra =
							name === 'nodeAlone'
								? await measureNodeAlone({ size, documents, sink })
								: await measureOnce({ mode, name, size, documents, server });
						(row.samples[name] ??= []).push(extra);
					}
				}
				for (const name of names) row[name] = summarize(row.samples[name]).median;
				results.rows.push(row);
				console.log(
					`${mode} ${size} MB: ` +
						names.map((name) => `${LABELS[name]} ${fmt(row[name])}`).join(', '),
				);
			}
		}
	} finally {
		await server.close();
		sink.close();
		fs.rmSync(scratch, { recursive: true, force: true });
	}
	if (CASES) return;
	results.goals = goalsOf(results);
	results.summary = summaryOf(results);
	fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
	writeSection(results);
}

const RESULTS_FILE = path.join(__dirname, 'results/memory.json');

const LABELS = {
	readOnly: 'Read file only',
	binary: 'Read → Send',
	httpRequest: 'Read → HTTP Request',
	url: 'Send from a URL',
	nodeAlone: 'Node alone',
	twoAtOnce: 'two Read → Send at once',
};

/** A case's worst ratio to the document at 50 and 150 MB (10 MB is mostly a run's fixed cost). */
function worstRatio(rows, mode, figure) {
	const ratios = rows
		.filter((r) => r.mode === mode && r.size >= 50)
		.map((r) => Math.max(0, figure(r)) / (r.size * MB));
	return ratios.length ? Math.max(...ratios) : NaN;
}

const x = (ratio) => `${ratio.toFixed(2)}×`;

/** Section 8's goals for docs/benchmarks.md's goals table: { goal, figure, met }. */
function goalsOf({ rows }) {
	const own = (r) => r.binary - r.readOnly;
	const ownDisk = worstRatio(rows, 'filesystem', own);
	const wholeDisk = worstRatio(rows, 'filesystem', (r) => r.binary);
	const nodeAlone = worstRatio(rows, 'filesystem', (r) => r.nodeAlone);
	const ownMemory = worstRatio(rows, 'default', own);
	const urlDisk = worstRatio(rows, 'filesystem', (r) => r.url);
	const urlMemory = worstRatio(rows, 'default', (r) => r.url);
	const readMemory = worstRatio(rows, 'default', (r) => r.readOnly);
	const largest = rows.find((r) => r.twoAtOnce !== undefined && r.mode === 'filesystem');
	return [
		{
			goal: '8. one Send from Binary Fields, binary data on disk, ≤ 0.5× the document (over Read file only)',
			figure: `${x(ownDisk)}; the whole Read → Send ${x(wholeDisk)}, Node alone streaming the file to a socket ${x(nodeAlone)}`,
			met: ownDisk <= 0.5,
		},
		{
			goal: '8. one Send from Binary Fields, memory mode, ≤ 1.5× the document (over Read file only)',
			figure: `${x(ownMemory)} (Read file only: ${x(readMemory)}, n8n's own)`,
			met: ownMemory <= 1.5,
		},
		{
			goal: '8. one Send from a URL, binary data on disk, ≤ 1.5× the document',
			figure: x(urlDisk),
			met: urlDisk <= 1.5,
		},
		{
			goal: '8. one Send from a URL, memory mode, ≤ 1.5× the document',
			figure: `${x(urlMemory)}: n8n's binary store holds the download as a buffer and base64 (section 8)`,
			met: urlMemory <= 1.5,
		},
		...(largest
			? [
					{
						goal: '8. two 150 MB sends at once, binary data on disk, ≤ 512 MB extra',
						figure: `${Math.round(largest.twoAtOnce / MB)} MB`,
						met: largest.twoAtOnce <= 512 * MB,
					},
				]
			: []),
	];
}

/** The one-paragraph reading of section 8 for docs/benchmarks.md's "What the figures say". */
function summaryOf({ rows }) {
	const atLargest = (mode) =>
		rows.filter((r) => r.mode === mode).sort((a, b) => b.size - a.size)[0];
	const disk = atLargest('filesystem');
	const memory = atLargest('default');
	const parts = [];
	if (disk) {
		parts.push(
			`With binary data on disk (n8n 2.x's default) one Send of a ${disk.size} MB document from Binary Fields raises n8n's memory by ${Math.round(disk.binary / MB)} MB (${x(disk.binary / (disk.size * MB))}), Read/Write Files from Disk included; the document is streamed, and what is left is buffers already sent that V8 has not collected yet; Node alone streaming the same file to a socket takes ${Math.round(disk.nodeAlone / MB)} MB, n8n's HTTP Request node ${Math.round(disk.httpRequest / MB)} MB.`,
		);
	}
	if (memory) {
		parts.push(
			`In memory mode Send adds ${Math.round(Math.max(0, memory.binary - memory.readOnly) / MB)} MB to what reading the file costs n8n (${Math.round(memory.readOnly / MB)} MB for ${memory.size} MB), as it decodes n8n's base64 piece by piece; a URL document costs what n8n's binary store takes to hold it (${x(memory.url / (memory.size * MB))}).`,
		);
	}
	return parts.join(' ');
}

/** Section 8's tables and notes (test/n8n/bench/results/memory.md), from the figures. */
function writeSection(results) {
	const goals = results.goals ?? goalsOf(results);
	const text = `## 8. Memory of one Send

Peak extra resident memory (RSS) of n8n's process while one Fax → Send of one document runs in a real n8n ${results.n8n ?? '2.41.1'} (\`test/n8n/bench/memory.js\`, run on its own: \`node scripts/with-node.js node test/n8n/bench/memory.js\`), as a ratio to the document's size. Beside it: Read/Write Files from Disk alone (what n8n itself costs before any upload), the same workflow with n8n's own HTTP Request node uploading the file as multipart, and Node alone: a fresh Node process streaming the same file to a local socket as an upload's body (\`test/n8n/bench/lib/stream-file.js\`: a file stream with Node's default chunks, piped into the request), what streaming a file costs Node itself. Every run of every case has an n8n (or Node) of its own, warmed up by one run with a 1 MB document, so memory a heavier case freed (and the process kept) cannot hide the next one's. RSS is sampled every 20 ms from just before the webhook call until n8n has saved the execution; the execution's data is read back only after that, and each run is checked (the execution succeeded, the local server holds the whole upload). A figure is the median of ${results.runs ?? 1} runs, the cases interleaved.

${table(results)}

Goals are judged at 50 and 150 MB: at 10 MB the fixed cost of one run in n8n is most of the figure. One Send's own memory is its figure over Read file only (the Read node is n8n's, and the same in both rows).

| Goal | Figure | Met |
|---|---|---|
${goals.map((g) => `| ${g.goal.replace(/^8\. /, '')} | ${g.figure} | ${g.met ? 'yes' : '**no**'} |`).join('\n')}

**How.** A document n8n stores outside memory (its \`id\`) is uploaded from \`getBinaryStream\` as a multipart body built while it is sent (\`nodes/FaxPlus/fax/send/documents.ts\`), never redirected, so the request library keeps no copy. In memory mode n8n keeps the document in the item as a base64 string; Send decodes it 48 KiB at a time while the upload is sent (\`documentFromBase64\` in \`nodes/FaxPlus/fax/shared/documents.ts\`), so the node holds no copy of the document beside n8n's string. A URL document is streamed into n8n's binary store, counted as it is read, and uploaded from there.

**Why a streamed upload still shows tens of MB.** Every chunk read from disk or decoded is a new buffer outside V8's heap; once sent it is garbage, which V8 frees at its next collection, and with little else to do between chunks that comes late: the extra stays at a few tens of MB whatever the document's size (compare 50 and 150 MB), for Node alone streaming a file too. Smaller chunks let it come sooner, so Send reads n8n's store in Node's default 64 KiB chunks and decodes base64 in 48 KiB pieces.

**What memory mode costs n8n itself**, read in n8n 2.41.1: Read/Write Files from Disk hands n8n a stream, which n8n collects chunk by chunk and concatenates (\`streamToBuffer\` in \`@n8n/backend-network\`: twice the document for a moment), then keeps as a base64 string in the item (1.33×, \`BinaryDataService.store\`); when the run ends, n8n serialises the whole execution, that base64 included, into one string (\`flatted.stringify\` in \`ExecutionPersistence.updateExistingExecution\`: 1.33× again) and hands it to SQLite, which copies it once more to write it. A URL document goes through the same \`BinaryDataService.store\`: the download collected and concatenated, then base64, about three times the document while both are alive; the node must hold the document somewhere to check all documents before it uploads any, and a node cannot tell n8n's binary mode before storing, so this is n8n's cost (in memory mode the URL row is n8n's store, not the upload, which decodes in pieces like Binary Fields). None of this passes through the node: it is why n8n's documentation warns that memory mode can crash n8n with large files (it is n8n 1.x's default; 2.x keeps files on disk, or in the database in queue mode).

_Measured ${results.at ?? ''}; load average at the start ${results.load.map((l) => l.toFixed(2)).join(' / ')} (a shared 2-core machine). Raw figures (every run): [\`test/n8n/bench/results/memory.json\`](../test/n8n/bench/results/memory.json)._
`;
	fs.writeFileSync(path.join(__dirname, 'results/memory.md'), text);
	console.log(text);
}

function table({ rows, load, node }) {
	const cell = (bytes, size) =>
		bytes === undefined ? '' : `${Math.round(bytes / MB)} MB (${x(bytes / (size * MB))})`;
	const lines = [
		`Node ${node}, load average at the start ${load.map((l) => l.toFixed(2)).join(' / ')}.`,
		'',
		'| n8n binary mode | Document | Read file only | Read → Send, Binary Fields | Send over Read only | Read → HTTP Request node (multipart) | Send, URLs | Node alone, file to socket | Two Read → Send at once |',
		'|---|---|---|---|---|---|---|---|---|',
	];
	for (const r of rows) {
		lines.push(
			`| ${r.mode === 'default' ? 'memory' : r.mode} | ${r.size} MB | ${cell(r.readOnly, r.size)} | ` +
				`${cell(r.binary, r.size)} | ${cell(Math.max(0, r.binary - r.readOnly), r.size)} | ` +
				`${cell(r.httpRequest, r.size)} | ${cell(r.url, r.size)} | ${cell(r.nodeAlone, r.size)} | ` +
				`${r.twoAtOnce === undefined ? '' : `${Math.round(r.twoAtOnce / MB)} MB`} |`,
		);
	}
	return lines.join('\n');
}

(args['report-only']
	? async () => writeSection(JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')))
	: main)().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
