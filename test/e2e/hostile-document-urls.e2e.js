'use strict';
// Send with Document Source "URLs" against addresses an attacker would pick, in a real n8n of its
// own whose only allow list is N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.2/32 (the suite's shared n8n
// allows 127.0.0.1 for the local server's documents). Each case is refused: nothing reaches the
// counting target on 127.0.0.1, nothing is uploaded to Fax.Plus, and the query (a secret) is not
// in the error. Positive controls fetch from the allowed 127.0.0.2, directly and by a redirect.
// n8n 1.x has no egress filter: there the node refuses IP literals of n8n's blocked ranges and
// localhost, follows no unchecked redirect, and has no allow list (no positive control).

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const http = require('node:http');
const path = require('node:path');
const {
	credRef,
	webhookWorkflow,
	deployWebhookWorkflow,
	apiRequests,
	errorOf,
	uid,
} = require('./lib');
const { makePdf } = require(path.join(__dirname, '../server/media'));
const { sendParameters } = require('../support/send-parameters');
const { startN8n } = require(path.join(__dirname, '../../scripts/n8n/n8n.js'));

const ALLOWED_HOST = '127.0.0.2';

/** A loopback server counting what reaches it: a PDF anywhere, a redirect at /redirect?to=. */
async function countingServer(host, pdf) {
	const hits = [];
	const server = http.createServer((req, res) => {
		hits.push(`${req.method} ${req.url}`);
		const url = new URL(req.url, 'http://x');
		if (url.pathname === '/redirect') {
			res.writeHead(302, { location: url.searchParams.get('to') || '/' }).end();
			return;
		}
		res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
	});
	await new Promise((resolve) => server.listen(0, host, resolve));
	return {
		hits,
		port: server.address().port,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}

module.exports = async function hostileDocumentUrls(t) {
	const { check, server, started, log } = t;
	const s = {};
	const pdf = makePdf(['Allowed internal document']);

	const ready = await check(
		'hostile URLs: a counting target on 127.0.0.1, an allowed server on 127.0.0.2, an n8n allowing only 127.0.0.2',
		async () => {
			s.target = await countingServer('127.0.0.1', pdf);
			started.push(s.target);
			s.allowed = await countingServer(ALLOWED_HOST, pdf);
			started.push(s.allowed);
			s.n8n = await startN8n({ env: { N8N_SSRF_ALLOWED_IP_RANGES: `${ALLOWED_HOST}/32` } });
			started.push(s.n8n);
			log(`hostile URLs: n8n ${s.n8n.version} at ${s.n8n.url}`);
			s.major = Number(String(s.n8n.version).split('.')[0]);
			s.pat = await s.n8n.createCredential('Fax.Plus PAT (hostile URLs)', 'faxPlusApi', {
				accessToken: server.tokens.pat,
				baseUrl: server.baseUrl,
			});
			s.dep = await deployWebhookWorkflow(
				s.n8n,
				webhookWorkflow({
					name: 'e2e hostile document URLs',
					path: uid('hostile-urls'),
					nodes: [
						{
							name: 'Fax.Plus',
							parameters: sendParameters({
								documentSource: 'url',
								documentUrls: '={{ $json.body.urls }}',
							}),
							credentials: credRef('faxPlusApi', s.pat),
						},
					],
				}),
			);
		},
		{ timeoutMs: 1800000 },
	);
	if (!ready) return;

	const port = s.target.port;
	const redirectTo = (to) =>
		`http://${ALLOWED_HOST}:${s.allowed.port}/redirect?to=${encodeURIComponent(to)}&token=s3cret`;
	const literal = [
		['127.0.0.1', `http://127.0.0.1:${port}/doc.pdf?token=s3cret`],
		['localhost', `http://localhost:${port}/doc.pdf?token=s3cret`],
		['decimal 2130706433', `http://2130706433:${port}/doc.pdf?token=s3cret`],
		['hexadecimal 0x7f000001', `http://0x7f000001:${port}/doc.pdf?token=s3cret`],
		['IPv4-mapped [::ffff:127.0.0.1]', `http://[::ffff:127.0.0.1]:${port}/doc.pdf?token=s3cret`],
		['IPv6 loopback [::1]', `http://[::1]:${port}/doc.pdf?token=s3cret`],
		['metadata 169.254.169.254', 'http://169.254.169.254/latest/meta-data/?token=s3cret'],
		['private 10.0.0.0/8', 'http://10.1.2.3/doc.pdf?token=s3cret'],
		['private 172.16.0.0/12', 'http://172.16.0.9/doc.pdf?token=s3cret'],
		['private 192.168.0.0/16', 'http://192.168.0.9/doc.pdf?token=s3cret'],
	];
	// On n8n 1.x the first hop (127.0.0.2) is itself refused: no allow lists there.
	const redirects =
		s.major >= 2
			? [
					['a redirect to 127.0.0.1', redirectTo(`http://127.0.0.1:${port}/doc.pdf`)],
					['a redirect to localhost', redirectTo(`http://localhost:${port}/doc.pdf`)],
				]
			: [];

	for (const [name, url] of [...literal, ...redirects]) {
		await check(`hostile URLs (n8n ${s.n8n.version}): refuses ${name}`, async () => {
			const from = server.requests.length;
			const hitsBefore = s.target.hits.length;
			const run = await s.dep.run({ urls: url });
			const error = errorOf(run.execution);
			assert.ok(error, `the run did not fail: ${JSON.stringify(run.body).slice(0, 300)}`);
			assert.match(
				String(error.message),
				/is an internal address n8n does not let this node reach/,
			);
			assert.match(String(error.description), /N8N_SSRF_ALLOWED_IP_RANGES/);
			assert.doesNotMatch(`${error.message} ${error.description}`, /s3cret/);
			assert.deepEqual(s.target.hits.slice(hitsBefore), [], 'the counting target was reached');
			assert.deepEqual(
				apiRequests(server, from).map((r) => `${r.method} ${r.path}`),
				[],
				'something was sent to Fax.Plus',
			);
		});
	}

	if (s.major >= 2) {
		for (const [name, url] of [
			['directly', `http://${ALLOWED_HOST}:${s.allowed.port}/doc.pdf`],
			['through a redirect', redirectTo('/doc.pdf')],
		]) {
			await check(
				`hostile URLs (n8n ${s.n8n.version}): fetches from the allowed ${ALLOWED_HOST} ${name}`,
				async () => {
					const from = server.requests.length;
					const run = await s.dep.run({ urls: url });
					assert.equal(errorOf(run.execution), undefined, JSON.stringify(errorOf(run.execution)));
					const upload = apiRequests(server, from).find(
						(r) => r.path === '/v3/accounts/self/files',
					);
					assert.equal(upload?.status, 200);
					const outbox = apiRequests(server, from).find(
						(r) => r.path === '/v3/accounts/self/outbox',
					);
					const stored = server.state.files[outbox.body.files[0]];
					assert.equal(stored.sha256, crypto.createHash('sha256').update(pdf).digest('hex'));
					assert.deepEqual(s.target.hits, []);
				},
			);
		}
	}
	await s.n8n.deactivate(s.dep.id).catch(() => {});
};
