'use strict';
// Documents as users send them, in a real n8n (issue 28):
//   A. A PDF posted to a Webhook node without a file name (curl --data-binary): n8n names it by a
//      bare UUID; Send uploads it under that name with ".pdf", and the server (which, like
//      Fax.Plus's SDKs, reads the type from the extension) takes it.
//   B. A large document (a page of one image) read by Read/Write Files from Disk is sent; the server
//      receives exactly the PDF the node writes from it (SHA-256), with n8n run at Node's default heap limit. On n8n 2.x (binary data on disk
//      by default) it is Fax.Plus's largest, 150 MB; on 1.x (binary data in memory by default, where
//      n8n itself holds several copies) 16 MB, hundreds of the pieces Send decodes memory mode's
//      base64 in. Memory figures are test/n8n/bench/memory.js's.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {
	credRef,
	webhookWorkflow,
	deployWebhookWorkflow,
	apiRequests,
	assertSuccess,
	uid,
} = require('./lib');
const { makePdf } = require(path.join(__dirname, '../../server/media'));
const { sendParameters } = require('../../support/send-parameters');
const { loadTypeScript } = require('../../nodes/shared/documentReader/support/loadTypeScript');
const { writtenPdf, writtenOfFile } = loadTypeScript(
	path.join(__dirname, '../../nodes/shared/documentReader/support/written.ts'),
);

const SEND = 'Fax.Plus';
const READ = 'Read Document from Disk';
/** Part B's document size on an n8n version (see the file's header). */
const largeMegabytes = (version) => (Number(String(version).split('.')[0]) >= 2 ? 150 : 16);

const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');

function sendNode(pat) {
	return {
		name: SEND,
		parameters: sendParameters({ binaryPropertyNames: 'data' }),
		credentials: credRef('faxPlusApi', pat),
	};
}

/** The one file the run uploaded, as the server stored it. */
function uploadedFile(server, from) {
	const reqs = apiRequests(server, from);
	const uploads = reqs.filter((r) => r.path === '/v3/accounts/self/files');
	assert.deepEqual(
		uploads.map((r) => r.status),
		[200],
		`uploads: ${reqs.map((r) => `${r.method} ${r.path} ${r.status}`).join(', ')}`,
	);
	const outbox = reqs.find((r) => r.path === '/v3/accounts/self/outbox');
	assert.equal(outbox?.status, 201, 'no outbox fax was created');
	const stored = server.state.files[outbox.body.files[0]];
	assert.ok(stored, 'the outbox names a file the server does not have');
	return { stored, upload: uploads[0] };
}

/**
 * Writes a PDF of about `bytes` bytes without holding them in memory: one page showing one gray
 * image of random pixels, so every byte is part of what Send uploads (the PDF it writes from it).
 */
async function writeLargeDocument(filePath, bytes) {
	const out = fs.createWriteStream(filePath);
	let offset = 0;
	const offsets = [];
	const write = (chunk) =>
		new Promise((resolve, reject) => {
			offset += Buffer.byteLength(chunk, 'latin1');
			out.write(chunk, 'latin1', (error) => (error ? reject(error) : resolve()));
		});
	const object = async (text) => {
		offsets.push(offset);
		await write(`${offsets.length} 0 obj\n${text}\nendobj\n`);
	};
	const width = 1024;
	const height = Math.floor((bytes - 1024) / width);
	await write('%PDF-1.4\n');
	await object('<< /Type /Catalog /Pages 2 0 R >>');
	await object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
	await object(
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /XObject << /Im0 4 0 R >> >> >>',
	);
	offsets.push(offset);
	await write(
		`4 0 obj\n<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${width * height} >>\nstream\n`,
	);
	for (let left = width * height; left > 0; left -= 4 * 1024 * 1024)
		await write(crypto.randomBytes(Math.min(4 * 1024 * 1024, left)));
	await write('\nendstream\nendobj\n');
	const content = 'q 612 0 0 792 0 0 cm /Im0 Do Q';
	await object(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
	const table = offset;
	await write(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
	for (const at of offsets) await write(`${String(at).padStart(10, '0')} 00000 n \n`);
	await write(
		`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${table}\n%%EOF\n`,
	);
	await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
}

module.exports = async function largeDocuments(t) {
	const { check, n8n, server, ctx } = t;
	const tag = crypto.randomBytes(4).toString('hex');
	const s = {};

	await check('large documents: a PAT credential', async () => {
		s.pat =
			ctx.patCredential ??
			(await n8n.createCredential(`Fax.Plus PAT (large documents ${tag})`, 'faxPlusApi', {
				accessToken: server.tokens.pat,
				baseUrl: server.baseUrl,
			}));
	});
	if (!s.pat) return;

	await check(
		'large documents: a PDF posted to a Webhook node without a file name is sent as <uuid>.pdf',
		async () => {
			const pdf = makePdf([`Letter ${tag}`, 'Posted with curl --data-binary, no file name']);
			const dep = await deployWebhookWorkflow(
				n8n,
				webhookWorkflow({
					name: `e2e large documents: webhook body → send (${tag})`,
					path: uid('posted-pdf'),
					nodes: [sendNode(s.pat)],
				}),
			);
			try {
				const from = server.requests.length;
				const run = await dep.run({ raw: pdf, contentType: 'application/pdf' });
				assertSuccess(run.execution);
				const { stored } = uploadedFile(server, from);
				assert.match(stored.filename, /^[0-9a-f-]{36}\.pdf$/, `uploaded as "${stored.filename}"`);
				assert.equal(stored.sha256, sha256(await writtenPdf(pdf)));
			} finally {
				await n8n.deactivate(dep.id).catch(() => {});
			}
		},
	);

	const megabytes = largeMegabytes(n8n.version);
	const largeBytes = megabytes * 1024 * 1024;
	await check(
		`large documents: a ${megabytes} MB document on disk is sent, the bytes received equal to it (Node default heap)`,
		async () => {
			assert.ok(n8n.filesDir, 'the driver names no files folder (n8n.filesDir)');
			const dir = path.join(n8n.filesDir, `large-${tag}`);
			fs.mkdirSync(dir, { recursive: true });
			const filePath = path.join(dir, `record-${tag}.pdf`);
			try {
				await writeLargeDocument(filePath, largeBytes);
				const written = await writtenOfFile(filePath);
				assert.ok(written.size > largeBytes * 0.99, `the written PDF has ${written.size} bytes`);
				const dep = await deployWebhookWorkflow(
					n8n,
					webhookWorkflow({
						name: `e2e large documents: ${megabytes} MB from disk → send (${tag})`,
						path: uid('large-pdf'),
						nodes: [
							{
								name: READ,
								type: 'n8n-nodes-base.readWriteFile',
								typeVersion: 1.1,
								parameters: { operation: 'read', fileSelector: filePath, options: {} },
							},
							sendNode(s.pat),
						],
					}),
				);
				try {
					const from = server.requests.length;
					const run = await dep.run({});
					assertSuccess(run.execution);
					const { stored, upload } = uploadedFile(server, from);
					assert.equal(stored.filename, `record-${tag}.pdf`);
					assert.equal(stored.size, written.size);
					assert.equal(stored.sha256, written.sha256);
					assert.ok(
						Number(upload.headers['content-length']) > written.size,
						`Content-Length ${upload.headers['content-length']}`,
					);
				} finally {
					await n8n.deactivate(dep.id).catch(() => {});
				}
			} finally {
				fs.rmSync(dir, { recursive: true, force: true });
			}
		},
	);
};
// Both n8n lines: n8n 1.x keeps binary data in memory by default, so Send takes its memory path.
module.exports.n8nLines = [1, 2];
