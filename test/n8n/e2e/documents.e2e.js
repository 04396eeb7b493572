'use strict';
// Documents between n8n's built-in "Read/Write Files from Disk" node and Fax.Plus, in a
// real n8n (issue 6):
//   A. Webhook → Read/Write Files from Disk (read a PDF) → Fax.Plus Send: the bytes
//      uploaded to the server are the file's bytes, and the outbox fax names that upload.
//   B. Fax.Plus Trigger (fax_received, Download Fax Document) → Read/Write Files from
//      Disk (write): the file on disk holds exactly the document the server serves.
//   C. The bytes decide the type, and text is counted (issue 87): a 500-page PDF saved as a
//      `.png` (read as image/png) under Max Pages 100, and 2 MB in Send's Text source under
//      Max Pages 1, upload nothing; a real PNG is sent as image/png, one page. A form's upload
//      labelled text/plain is counted as what its bytes are and sent as what was counted.
//
// n8n's file nodes may only use the driver's `n8n.filesDir` (N8N_RESTRICT_FILE_ACCESS_TO);
// this file works in its own subfolder there and removes it at the end. Names, paths and
// fax ids are unique, so it runs after the other e2e files on the same n8n.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { loadTypeScript } = require('../../nodes/shared/documentReader/support/loadTypeScript');
const { pdfinfoPages, writtenPdf } = loadTypeScript(
	path.join(__dirname, '../../nodes/shared/documentReader/support/written.ts'),
);
const {
	TRIGGER,
	credRef,
	webhookWorkflow,
	deployWebhookWorkflow,
	outputOf,
	apiRequests,
	assertSuccess,
	errorOf,
	uid,
} = require('./lib');
const { PDFDocument, StandardFonts } = require('pdf-lib');
const { parseMultipart } = require(path.join(__dirname, '../../server/multipart'));
const { waitFor } = require('../../support/checks');
const { pngImage } = require('../../support/images');
const { sendParameters } = require('../../support/send-parameters');

const FILES_NODE = 'n8n-nodes-base.readWriteFile';
const READ = 'Read PDF from Disk';
const SEND = 'Fax.Plus';
const TRIGGER_NODE = 'Fax.Plus Trigger';
const WRITE = 'Write Fax to Disk';

/** Exactly one recorded API request with this method and path; returns it. */
function one(reqs, method, p) {
	const hits = reqs.filter((r) => r.method === method && r.path === `/v3${p}`);
	assert.equal(
		hits.length,
		1,
		`expected one ${method} /v3${p}, got: ${reqs.map((r) => `${r.method} ${r.path}`).join(', ') || 'none'}`,
	);
	return hits[0];
}

module.exports = async function documents(t) {
	const { check, n8n, server, ctx } = t;
	const tag = crypto.randomBytes(4).toString('hex');
	const s = {};

	await check('documents: a work folder inside the folder n8n allows its file nodes', async () => {
		assert.ok(n8n.filesDir, 'the driver names no files folder (n8n.filesDir)');
		s.dir = path.join(n8n.filesDir, `documents-${tag}`);
		fs.mkdirSync(s.dir, { recursive: true });
		s.pat =
			ctx.patCredential ??
			(await n8n.createCredential(`Fax.Plus PAT (documents e2e ${tag})`, 'faxPlusApi', {
				accessToken: server.tokens.pat,
				baseUrl: server.baseUrl,
			}));
	});
	if (!s.dir) return;

	try {
		await check(
			'documents: Read/Write Files from Disk → Fax.Plus Send uploads the file read from disk and sends it, its pages counted',
			async () => {
				// Three pages as pdf-lib saves them (in object streams), a line of this run's own on each.
				const fileName = `invoice-${tag}.pdf`;
				const filePath = path.join(s.dir, fileName);
				const doc = await PDFDocument.create();
				const font = await doc.embedFont(StandardFonts.Helvetica);
				for (const page of [1, 2, 3])
					doc.addPage().drawText(`Invoice ${tag}, page ${page}`, { x: 72, y: 720, font });
				const pdf = Buffer.from(await doc.save());
				fs.writeFileSync(filePath, pdf);

				const dep = await deployWebhookWorkflow(
					n8n,
					webhookWorkflow({
						name: `e2e documents: read file → send (${tag})`,
						path: uid('documents-send'),
						nodes: [
							{
								name: READ,
								type: FILES_NODE,
								typeVersion: 1.1,
								parameters: { operation: 'read', fileSelector: filePath, options: {} },
							},
							{
								name: SEND,
								parameters: {
									authentication: 'accessToken',
									resource: 'fax',
									operation: 'send',
									userId: 'self',
									to: '+4930123456, +15551230002',
									from: '+15551230001',
									binaryPropertyNames: 'data',
									// Set, so a PDF whose pages could not be counted would be refused.
									options: { maxPages: 100 },
								},
								credentials: credRef('faxPlusApi', s.pat),
							},
						],
					}),
				);
				try {
					const from = server.requests.length;
					const run = await dep.run({});
					assertSuccess(run.execution);
					const reqs = apiRequests(server, from);

					// The built-in node read the file into the binary field `data`.
					const [read] = outputOf(run.execution, READ) ?? [];
					assert.ok(read?.binary?.data, `no binary "data" from ${READ}: ${JSON.stringify(read)}`);
					assert.equal(read.binary.data.fileName, fileName);
					assert.equal(read.binary.data.mimeType, 'application/pdf');

					// One multipart upload whose file part is the PDF the node wrote from the file: poppler
					// counts in it the pages the node counted.
					const written = await writtenPdf(pdf);
					const upload = one(reqs, 'POST', '/accounts/self/files');
					assert.ok(
						upload.status >= 200 && upload.status < 300,
						`upload answered ${upload.status}`,
					);
					assert.equal(upload.query.format, 'pdf');
					assert.equal(upload.headers.authorization, `Bearer ${server.tokens.pat}`);
					const { files } = parseMultipart(upload.rawBody, String(upload.headers['content-type']));
					assert.equal(files.length, 1, `file parts: ${JSON.stringify(files.map((f) => f.name))}`);
					assert.equal(files[0].name, 'fax_file');
					assert.equal(files[0].filename, fileName);
					assert.equal(files[0].contentType, 'application/pdf');
					assert.ok(
						files[0].data.equals(written),
						`uploaded ${files[0].data.length} bytes differ from the written PDF's ${written.length}`,
					);
					assert.deepEqual(pdfinfoPages(files[0].data), { pages: 3, warnings: '' });

					// Then the outbox fax, naming that upload.
					const outbox = one(reqs, 'POST', '/accounts/self/outbox');
					assert.ok(
						outbox.status >= 200 && outbox.status < 300,
						`outbox answered ${outbox.status}`,
					);
					const uploaded = outbox.body.files;
					assert.equal(uploaded.length, 1, `files: ${JSON.stringify(uploaded)}`);
					const stored = server.state.files[uploaded[0]];
					assert.ok(stored, `the outbox names ${uploaded[0]}, which the server does not have`);
					assert.equal(stored.filename, fileName);
					assert.equal(stored.size, written.length);
					assert.deepEqual(outbox.body.to, ['+4930123456', '+15551230002']);
					assert.equal(outbox.body.from, '+15551230001');
					assert.ok(
						reqs.indexOf(upload) < reqs.indexOf(outbox),
						'the outbox fax was created before the upload',
					);

					// The node's output: one item per number with its outbox ID, each a fax the server now has.
					const sent = (outputOf(run.execution, SEND) ?? []).map((item) => item.json);
					assert.deepEqual(
						sent.map((out) => out.to),
						['+4930123456', '+15551230002'],
					);
					for (const out of sent) {
						assert.equal(out.files, undefined, 'Send outputs storage paths');
						assert.equal(out.pages, 3, 'pages counted from the PDF');
						const fax = server.state.outbox[out.outboxFaxId];
						assert.equal(fax?.status, 'submitted', `outbox ${out.outboxFaxId}`);
						assert.deepEqual(fax.files, uploaded);
					}
					// ... and that is what the workflow answered.
					assert.deepEqual(run.body, sent);
				} finally {
					await n8n.deactivate(dep.id).catch(() => {});
				}
			},
		);

		await check(
			'documents: the bytes decide the type and text is counted: a 500-page PDF read as image/png under Max Pages 100 and 2 MB of Text under Max Pages 1 upload nothing; a real PNG is sent as image/png',
			async () => {
				const doc = await PDFDocument.create();
				for (let page = 0; page < 500; page++) doc.addPage();
				// Saved as a .png: n8n's file node reads it as image/png.
				const bigPdf = path.join(s.dir, `big-${tag}.png`);
				fs.writeFileSync(bigPdf, Buffer.from(await doc.save()));
				const png = pngImage(300, 200);
				const scan = path.join(s.dir, `scan-${tag}.png`);
				fs.writeFileSync(scan, png);
				const body = "$('Webhook').item.json.body";
				// One workflow a document source (n8n asks for every source's own parameters when it is an expression).
				const deploy = (documentSource) =>
					deployWebhookWorkflow(
						n8n,
						webhookWorkflow({
							name: `e2e documents: the bytes decide the type, ${documentSource} (${tag})`,
							path: uid(`documents-${documentSource}`),
							nodes: [
								{
									name: READ,
									type: FILES_NODE,
									typeVersion: 1.1,
									parameters: {
										operation: 'read',
										fileSelector: `={{ ${body}.file }}`,
										options: {},
									},
								},
								{
									name: SEND,
									parameters: sendParameters({
										documentSource,
										binaryPropertyNames: 'data',
										// 2 MB of text: 46,604 times a sentence of 45 bytes.
										documentText: `={{ 'The quick brown fox jumps over the lazy dog. '.repeat(${body}.sentences) }}`,
										options: { maxPages: `={{ ${body}.maxPages }}` },
									}),
									credentials: credRef('faxPlusApi', s.pat),
								},
							],
						}),
					);
				const deps = { binary: await deploy('binary'), text: await deploy('text') };
				try {
					const refused = async (source, input, message) => {
						const from = server.requests.length;
						const run = await deps[source].run(input);
						assert.equal(run.execution.status, 'error', `${JSON.stringify(input)} ran`);
						assert.match(String(errorOf(run.execution)?.message), message);
						const sent = apiRequests(server, from).map((r) => `${r.method} ${r.path}`);
						assert.deepEqual(sent, [], `${JSON.stringify(input)} reached Fax.Plus`);
					};
					await refused(
						'binary',
						{ file: bigPdf, sentences: 1, maxPages: 100 },
						/^The documents have 500 pages, more than Max Pages \(100\)$/,
					);
					await refused(
						'text',
						{ file: scan, sentences: 46_604, maxPages: 1 },
						/^The documents have more than 1 page, the most Max Pages \(1\) allows$/,
					);

					// The same 500 pages under Max Pages 500 go as a PDF; one sentence of text and the PNG as themselves.
					const sends = [
						['binary', { file: bigPdf, maxPages: 500 }, 500, `big-${tag}.pdf`, 'application/pdf'],
						['text', { file: scan, maxPages: 1 }, 1, 'fax.txt', 'text/plain'],
						['binary', { file: scan, maxPages: 1 }, 1, `scan-${tag}.png`, 'image/png'],
					];
					for (const [source, input, pages, filename, contentType] of sends) {
						const from = server.requests.length;
						const run = await deps[source].run({ sentences: 1, ...input });
						assertSuccess(run.execution);
						const [sent] = outputOf(run.execution, SEND) ?? [];
						assert.equal(sent?.json.pages, pages, `${filename}: ${JSON.stringify(sent?.json)}`);
						const upload = one(apiRequests(server, from), 'POST', '/accounts/self/files');
						const [part] = parseMultipart(
							upload.rawBody,
							String(upload.headers['content-type']),
						).files;
						assert.deepEqual([part.filename, part.contentType], [filename, contentType]);
						if (contentType === 'image/png')
							assert.ok(part.data.equals(png), 'the PNG changed on the way');
						one(apiRequests(server, from), 'POST', '/accounts/self/outbox');
					}
				} finally {
					for (const dep of Object.values(deps)) await n8n.deactivate(dep.id).catch(() => {});
				}
			},
		);

		await check(
			"documents: a form's upload named invoice.pdf or page.html with type text/plain is counted as what it is and sent as what was counted: a 300-page PDF after 1 KB of junk is refused under Max Pages 100 (nothing uploaded), the HTML goes as page.txt, text/plain",
			async () => {
				// A classic-table PDF after 1,101 bytes of junk, its offsets moved (pdf.js and qpdf read it: 300 pages).
				const doc = await PDFDocument.create();
				for (let page = 0; page < 300; page++) doc.addPage();
				const junk = `%${'junk '.repeat(220)}\n`;
				const shift = (offset) => String(Number(offset) + junk.length);
				const pdf = Buffer.from(
					junk +
						Buffer.from(await doc.save({ useObjectStreams: false }))
							.toString('latin1')
							.replace(
								/^(\d{10}) (\d{5}) n/gm,
								(_, at, gen) => `${shift(at).padStart(10, '0')} ${gen} n`,
							)
							.replace(/startxref\s+(\d+)/, (_, at) => `startxref\n${shift(at)}`),
					'latin1',
				);
				const html = Buffer.from(
					`<body><div style="height:5000in">x</div>${'<p style="page-break-after:always">p</p>'.repeat(200)}</body>`,
				);
				/** One file as a browser's form posts it: multipart, with the name and type given. */
				const form = (fileName, data) => {
					const boundary = `----e2e${tag}`;
					return {
						contentType: `multipart/form-data; boundary=${boundary}`,
						raw: Buffer.concat([
							Buffer.from(
								`--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`,
							),
							data,
							Buffer.from(`\r\n--${boundary}--\r\n`),
						]),
					};
				};
				const dep = await deployWebhookWorkflow(
					n8n,
					webhookWorkflow({
						name: `e2e documents: a form's upload labelled text/plain (${tag})`,
						path: uid('documents-form'),
						nodes: [
							{
								name: SEND,
								parameters: sendParameters({ binaryPropertyNames: '', options: { maxPages: 100 } }),
								credentials: credRef('faxPlusApi', s.pat),
							},
						],
					}),
				);
				try {
					let from = server.requests.length;
					const refused = await dep.run(form('invoice.pdf', pdf));
					assert.equal(refused.execution.status, 'error', 'the PDF labelled text/plain was sent');
					assert.equal(
						String(errorOf(refused.execution)?.message),
						'The documents have 300 pages, more than Max Pages (100)',
					);
					assert.deepEqual(apiRequests(server, from), [], 'the PDF reached Fax.Plus');

					from = server.requests.length;
					const run = await dep.run(form('page.html', html));
					assertSuccess(run.execution);
					const [sent] = outputOf(run.execution, SEND) ?? [];
					assert.ok(sent?.json.pages >= 1, `pages: ${JSON.stringify(sent?.json)}`);
					const upload = one(apiRequests(server, from), 'POST', '/accounts/self/files');
					const [part] = parseMultipart(
						upload.rawBody,
						String(upload.headers['content-type']),
					).files;
					assert.deepEqual([part.filename, part.contentType], ['page.txt', 'text/plain']);
					assert.ok(part.data.equals(html), 'the HTML changed on the way');
				} finally {
					await n8n.deactivate(dep.id).catch(() => {});
				}
			},
		);

		const endpoints = () => Object.values(server.state.webhooks);
		const webhookId = crypto.randomUUID();
		const productionUrl = n8n.webhookUrl(`${webhookId}/webhook`);
		const mine = () => endpoints().filter((e) => e.url === productionUrl);

		await check(
			'documents: a workflow Fax.Plus Trigger (fax_received, Download Fax Document) → Write File is activated with its signing secret',
			async () => {
				s.endpointsBefore = endpoints().map((e) => e.id);
				s.secretCred = await n8n.createCredential(
					`Fax.Plus signing secret (documents e2e ${tag})`,
					'faxPlusWebhookSecretApi',
					{
						secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
					},
				);
				s.wf = await n8n.importWorkflow({
					name: `e2e documents: fax received → write file (${tag})`,
					nodes: [
						{
							id: crypto.randomUUID(),
							name: TRIGGER_NODE,
							type: TRIGGER,
							typeVersion: 1,
							position: [0, 0],
							webhookId,
							parameters: {
								authentication: 'accessToken',
								events: ['fax_received'],
								channels: '',
								options: { downloadDocument: true },
							},
							credentials: {
								...credRef('faxPlusApi', s.pat),
								...credRef('faxPlusWebhookSecretApi', s.secretCred),
							},
						},
						{
							id: crypto.randomUUID(),
							name: WRITE,
							type: FILES_NODE,
							typeVersion: 1.1,
							position: [240, 0],
							parameters: {
								operation: 'write',
								fileName: `={{ ${JSON.stringify(`${s.dir}/`)} + $json.faxId + '.pdf' }}`,
								dataPropertyName: 'data',
								options: {},
							},
						},
					],
					connections: { [TRIGGER_NODE]: { main: [[{ node: WRITE, type: 'main', index: 0 }]] } },
				});
				await n8n.activate(s.wf.id);
				await waitFor(() => mine().length > 0, 'the endpoint at the server');
				await n8n.waitForWebhook(`${webhookId}/webhook`);
				const eps = mine();
				assert.equal(eps.length, 1, `endpoints: ${JSON.stringify(eps)}`);
				assert.deepEqual(eps[0].filter_types, ['fax_received']);
				const secret = server.getEndpointSecret(eps[0].id);
				assert.match(secret, /^whsec_/);
				await n8n.updateCredential(s.secretCred.id, {
					name: s.secretCred.name,
					type: 'faxPlusWebhookSecretApi',
					data: { secret },
				});
				s.endpointId = eps[0].id;
			},
		);

		if (s.endpointId) {
			await check(
				'documents: a signed fax_received runs once and the fax document is written to disk, byte for byte',
				async () => {
					const faxId = `fax_documents_${tag}`;
					const target = path.join(s.dir, `${faxId}.pdf`);
					const results = await server.deliver({
						event: 'fax_received',
						onlyEndpointId: s.endpointId,
						data: { id: faxId, from: '+4930123456', to: '+15551230001', pages: 1 },
					});
					assert.equal(results.length, 1, `deliveries: ${JSON.stringify(results)}`);
					assert.equal(
						results[0].attempts.at(-1).status,
						200,
						`answers ${JSON.stringify(results[0].attempts)}`,
					);

					const list = await n8n.waitForExecutions(s.wf.id, 1, { timeoutMs: 90000 });
					assert.equal(list.length, 1, `${list.length} executions`);
					const exec = list[0];
					assertSuccess(exec);

					const [item] = outputOf(exec, TRIGGER_NODE) ?? [];
					assert.ok(item, `no output of ${TRIGGER_NODE}`);
					assert.equal(item.json.event, 'fax_received');
					assert.equal(item.json.faxId, faxId);
					assert.equal(item.json.webhookId, results[0].webhookId);
					assert.equal(item.json.signatureVerified, true);
					assert.equal(
						item.json.documentError,
						undefined,
						`documentError: ${item.json.documentError}`,
					);
					assert.equal(item.binary?.data?.fileName, `${faxId}.pdf`);
					assert.equal(item.binary?.data?.mimeType, 'application/pdf');

					const [written] = outputOf(exec, WRITE) ?? [];
					assert.ok(written, `no output of ${WRITE}`);
					assert.equal(written.json.fileName, target);

					// What the server serves for that fax, fetched directly with the PAT.
					const res = await fetch(
						`${server.baseUrl}/accounts/self/files/${encodeURIComponent(faxId)}?format=pdf`,
						{
							headers: { authorization: `Bearer ${server.tokens.pat}` },
						},
					);
					assert.equal(res.status, 200);
					const expected = Buffer.from(await res.arrayBuffer());
					assert.equal(expected.subarray(0, 5).toString(), '%PDF-');
					assert.ok(expected.includes(Buffer.from(faxId)), 'the served PDF does not name the fax');

					assert.ok(fs.existsSync(target), `${target} was not written`);
					const onDisk = fs.readFileSync(target);
					assert.ok(
						onDisk.equals(expected),
						`the file on disk (${onDisk.length} bytes) differs from the served document (${expected.length} bytes)`,
					);
					assert.deepEqual(
						fs.readdirSync(s.dir).filter((f) => f.startsWith('fax_')),
						[`${faxId}.pdf`],
					);
				},
			);
		}

		if (s.wf) {
			await check(
				'documents: deactivating the trigger workflow removes its endpoint (zero left)',
				async () => {
					await n8n.deactivate(s.wf.id);
					await waitFor(() => mine().length === 0, 'the endpoint to be deleted');
					// As many as before activation: none when the earlier files left none (they do).
					assert.deepEqual(
						endpoints().map((e) => e.id),
						s.endpointsBefore,
					);
				},
			);
		}
	} finally {
		// Also after a failed check: nothing of this file stays active, on disk or stored.
		if (s.wf) await n8n.deactivate(s.wf.id).catch(() => {});
		fs.rmSync(s.dir, { recursive: true, force: true });
		if (s.secretCred) await n8n.deleteCredential(s.secretCred.id).catch(() => {});
	}
};
// n8n 2.x only: n8n's file nodes hand binary data to Send and take the trigger's the same way on
// both lines; on 1.x, Send's upload and the trigger's download are proven in action,
// large-documents and trigger-options.
module.exports.n8nLines = [2];
