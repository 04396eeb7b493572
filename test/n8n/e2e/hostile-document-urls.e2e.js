'use strict';
// Send with Document Source "URLs" against addresses an attacker would pick, in a real n8n 2.39+
// of its own whose only allow list is N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.2/32 (the suite's shared
// n8n allows 127.0.0.1 for the local server's documents; an n8n that gives nodes no enforcing
// egress filter ignores the allow list, so there the suite's n8n serves). Each case is refused:
// nothing reaches the counting target (127.0.0.1 and [::1] on one port: where 0.0.0.0 and [::]
// lead), nothing is uploaded to Fax.Plus, the query (a secret) is not in the error, and the error
// names the setting that admits it. Positive controls fetch from the allowed 127.0.0.2, directly
// and by a redirect, as docs/security.md says for the version.
// Without an enforcing filter (n8n 1.x, 2.x before 2.39 with protection off) the node checks IP
// literals with the same ranges, fetches a host name only when the option Allowed Document Hosts
// lists it (from 2.37.10 n8n's filter resolves, so there names are checked), and follows no unchecked
// redirect; a second workflow lists hosts, one with its port (positive controls; another port of
// that host is refused everywhere; with n8n's filter the list never lets through what n8n
// refuses). Each download ends at its time limit.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const http = require('node:http');
const path = require('node:path');
const { loadTypeScript } = require('../../nodes/shared/documentReader/support/loadTypeScript');
const { writtenPdf } = loadTypeScript(
	path.join(__dirname, '../../nodes/shared/documentReader/support/written.ts'),
);
const {
	credRef,
	webhookWorkflow,
	deployWebhookWorkflow,
	apiRequests,
	errorOf,
	uid,
	loopbackAlias,
} = require('./lib');
const { makePdf } = require(path.join(__dirname, '../../server/media'));
const { sendParameters } = require('../../support/send-parameters');
const { startN8n } = require(path.join(__dirname, '../../../scripts/n8n/n8n.js'));

const ALLOWED_HOST = '127.0.0.2';

/**
 * A loopback server counting what reaches it, on each of `hosts` with one port: a PDF anywhere, a
 * redirect at /redirect?to=, a download that trickles a byte every 100 ms forever at /trickle.pdf.
 */
async function countingServer(hosts, pdf) {
	const hits = [];
	const servers = [];
	let port = 0;
	for (const host of hosts) {
		const server = http.createServer((req, res) => {
			hits.push(`${req.method} ${req.url}`);
			const url = new URL(req.url, 'http://x');
			if (url.pathname === '/redirect') {
				res.writeHead(302, { location: url.searchParams.get('to') || '/' }).end();
				return;
			}
			if (url.pathname === '/trickle.pdf') {
				res.writeHead(200, { 'content-type': 'application/pdf' });
				const drip = setInterval(() => res.write('%'), 100);
				res.on('close', () => clearInterval(drip));
				return;
			}
			res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
		});
		await new Promise((resolve, reject) => {
			server.once('error', reject);
			server.listen(port, host, resolve);
		});
		port = server.address().port;
		servers.push(server);
	}
	return {
		hits,
		port,
		close: async () => {
			for (const server of servers) {
				server.closeAllConnections();
				await new Promise((resolve) => server.close(() => resolve()));
			}
		},
	};
}

module.exports = async function hostileDocumentUrls(t) {
	const { check, server, started, log } = t;
	const s = {};
	const pdf = makePdf(['Allowed internal document']);

	const ready = await check(
		'hostile URLs: a counting target on 127.0.0.1, an allowed server on 127.0.0.2, an n8n allowing only 127.0.0.2 (2.x)',
		async () => {
			s.target = await countingServer(['127.0.0.1', '::1'], pdf);
			started.push(s.target);
			s.allowed = await countingServer([ALLOWED_HOST], pdf);
			started.push(s.allowed);
			s.listedServer = await countingServer(['127.0.0.1'], pdf);
			started.push(s.listedServer);
			// The allowed host on another port than the one Allowed Document Hosts lists.
			s.otherPort = await countingServer([ALLOWED_HOST], pdf);
			started.push(s.otherPort);
			// What this n8n gives nodes (docs/security.md): an enforcing filter from 2.39, a lookup from 2.37.10.
			const [major, minor, patch] = String(t.n8n.version).split('.').map(Number);
			const since = (m, p = 0) =>
				major > 2 || (major === 2 && (minor > m || (minor === m && patch >= p)));
			s.enforcing = since(39);
			s.resolves = since(37, 10);
			// Without an enforcing filter the allow list does nothing: there the suite's n8n serves.
			if (s.enforcing) {
				s.n8n = await startN8n({ env: { N8N_SSRF_ALLOWED_IP_RANGES: `${ALLOWED_HOST}/32` } });
				started.push(s.n8n);
			} else s.n8n = t.n8n;
			log(`hostile URLs: n8n ${s.n8n.version} at ${s.n8n.url}`);
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
			// The same Send with hosts listed (Allowed Document Hosts) and a short time limit.
			s.listed = await deployWebhookWorkflow(
				s.n8n,
				webhookWorkflow({
					name: 'e2e hostile document URLs (listed hosts)',
					path: uid('hostile-urls-listed'),
					nodes: [
						{
							name: 'Fax.Plus',
							parameters: sendParameters({
								documentSource: 'url',
								documentUrls: '={{ $json.body.urls }}',
								options: {
									allowedDocumentHosts: `localhost, ${ALLOWED_HOST}:${s.allowed.port}, [::ffff:${ALLOWED_HOST}]:${s.allowed.port}`,
									downloadTimeLimit: 3,
								},
							}),
							credentials: credRef('faxPlusApi', s.pat),
						},
					],
				}),
			);
			s.alias = await loopbackAlias();
		},
		{ timeoutMs: 1800000 },
	);
	if (!ready) return;

	const port = s.target.port;
	const { enforcing, resolves } = s;
	const redirectTo = (to) =>
		`http://${ALLOWED_HOST}:${s.allowed.port}/redirect?to=${encodeURIComponent(to)}&token=s3cret`;
	// Who refuses, and the setting each refusal names: n8n's filter (its allow lists) for what n8n
	// blocks by default, else the package (Allowed Document Hosts); a name nobody can resolve.
	const byN8n = [
		/is an internal address n8n does not let this node reach/,
		/N8N_SSRF_ALLOWED_IP_RANGES/,
	];
	const byPackage = [
		/is an internal address not on the Allowed Document Hosts of this node/,
		/Allowed Document Hosts \(Options → Add Option → Allowed Document Hosts\)/,
	];
	const unchecked = [
		/names a host that this n8n gives nodes no way to check/,
		/Allowed Document Hosts/,
	];
	const n8nBlocks = enforcing ? byN8n : byPackage;
	const name = resolves ? n8nBlocks : unchecked;
	const literal = [
		['127.0.0.1', `http://127.0.0.1:${port}/doc.pdf?token=s3cret`, n8nBlocks],
		['localhost', `http://localhost:${port}/doc.pdf?token=s3cret`, name],
		['decimal 2130706433', `http://2130706433:${port}/doc.pdf?token=s3cret`, n8nBlocks],
		['hexadecimal 0x7f000001', `http://0x7f000001:${port}/doc.pdf?token=s3cret`, n8nBlocks],
		[
			'IPv4-mapped [::ffff:127.0.0.1]',
			`http://[::ffff:127.0.0.1]:${port}/doc.pdf?token=s3cret`,
			n8nBlocks,
		],
		['IPv6 loopback [::1]', `http://[::1]:${port}/doc.pdf?token=s3cret`, n8nBlocks],
		[
			'the unspecified [::] (it leads to [::1])',
			`http://[::]:${port}/doc.pdf?token=s3cret`,
			byPackage,
		],
		['[::] expanded', `http://[0:0:0:0:0:0:0:0]:${port}/doc.pdf?token=s3cret`, byPackage],
		['0.0.0.0 (it leads to 127.0.0.1)', `http://0.0.0.0:${port}/doc.pdf?token=s3cret`, n8nBlocks],
		['[::ffff:0.0.0.0]', `http://[::ffff:0.0.0.0]:${port}/doc.pdf?token=s3cret`, n8nBlocks],
		[
			'IPv4-compatible [::127.0.0.1]',
			`http://[::127.0.0.1]:${port}/doc.pdf?token=s3cret`,
			byPackage,
		],
		['NAT64 [64:ff9b::7f00:1]', `http://[64:ff9b::7f00:1]:${port}/doc.pdf?token=s3cret`, byPackage],
		[
			'6to4 [2002:a9fe:a9fe::1]',
			'http://[2002:a9fe:a9fe::1]/latest/meta-data/?token=s3cret',
			byPackage,
		],
		[
			'metadata 169.254.169.254',
			'http://169.254.169.254/latest/meta-data/?token=s3cret',
			n8nBlocks,
		],
		[
			'carrier-grade NAT 100.100.100.200',
			'http://100.100.100.200/latest/meta-data/?token=s3cret',
			byPackage,
		],
		['private 10.0.0.0/8', 'http://10.1.2.3/doc.pdf?token=s3cret', n8nBlocks],
		['private 172.16.0.0/12', 'http://172.16.0.9/doc.pdf?token=s3cret', n8nBlocks],
		['private 192.168.0.0/16', 'http://192.168.0.9/doc.pdf?token=s3cret', n8nBlocks],
		// n8n's allow list names 127.0.0.2; its mapped form is no range n8n blocks as written.
		[
			'the allowed server by its IPv4-mapped form',
			`http://[::ffff:${ALLOWED_HOST}]:${s.allowed.port}/doc.pdf?token=s3cret`,
			byPackage,
		],
	];
	// Without n8n's allow list the first hop (127.0.0.2) is itself refused.
	const redirects = enforcing
		? [
				['a redirect to 127.0.0.1', redirectTo(`http://127.0.0.1:${port}/doc.pdf`), byN8n],
				['a redirect to localhost', redirectTo(`http://localhost:${port}/doc.pdf`), byN8n],
				['a redirect to [::]', redirectTo(`http://[::]:${port}/doc.pdf`), byPackage],
			]
		: [];
	// A name that is not loopback by its spelling but resolves to 127.0.0.1 (this machine's host
	// name, where it does): n8n's lookup finds loopback; without one the node cannot look.
	const named = s.alias
		? [
				[
					`the host name ${s.alias} (127.0.0.1)`,
					`http://${s.alias}:${port}/doc.pdf?token=s3cret`,
					name,
				],
			]
		: [];
	if (!s.alias)
		log('hostile URLs: this host name does not resolve to 127.0.0.1; the named case is left out');

	async function refused(name, dep, url, message, description) {
		await check(`hostile URLs (n8n ${s.n8n.version}): refuses ${name}`, async () => {
			const from = server.requests.length;
			const hitsBefore = s.target.hits.length;
			const run = await dep.run({ urls: url });
			const error = errorOf(run.execution);
			assert.ok(error, `the run did not fail: ${JSON.stringify(run.body).slice(0, 300)}`);
			assert.deepEqual(s.target.hits.slice(hitsBefore), [], 'the counting target was reached');
			assert.deepEqual(
				apiRequests(server, from).map((r) => `${r.method} ${r.path}`),
				[],
				'something was sent to Fax.Plus',
			);
			assert.match(String(error.message), message);
			if (description) assert.match(String(error.description), description);
			assert.doesNotMatch(`${error.message} ${error.description}`, /s3cret/);
		});
	}

	for (const [what, url, [message, description]] of [...literal, ...redirects, ...named])
		await refused(what, s.dep, url, message, description);
	await refused(
		'a host that Allowed Document Hosts does not list',
		s.listed,
		`http://127.0.0.3:${port}/doc.pdf?token=s3cret`,
		/is not on the Allowed Document Hosts of this node/,
	);
	await check(
		`hostile URLs (n8n ${s.n8n.version}): refuses another port of a host Allowed Document Hosts lists with a port`,
		async () => {
			const from = server.requests.length;
			const run = await s.listed.run({
				urls: `http://${ALLOWED_HOST}:${s.otherPort.port}/doc.pdf?token=s3cret`,
			});
			const error = errorOf(run.execution);
			assert.ok(error, `the run did not fail: ${JSON.stringify(run.body).slice(0, 300)}`);
			assert.match(String(error.message), /is not on the Allowed Document Hosts of this node/);
			assert.deepEqual(s.otherPort.hits, [], 'the other port was reached');
			assert.deepEqual(apiRequests(server, from), [], 'something was sent to Fax.Plus');
		},
	);
	if (enforcing) {
		// With n8n's filter the node's list narrows n8n's rules and never widens them.
		await refused(
			'localhost although Allowed Document Hosts lists it (n8n 2.39+)',
			s.listed,
			`http://localhost:${s.listedServer.port}/doc.pdf?token=s3cret`,
			...byN8n,
		);
	}

	/** Runs `dep` with `url` and checks the document arrived at Fax.Plus whole, the target untouched. */
	async function fetched(name, dep, url) {
		await check(`hostile URLs (n8n ${s.n8n.version}): fetches ${name}`, async () => {
			const from = server.requests.length;
			const run = await dep.run({ urls: url });
			assert.equal(errorOf(run.execution), undefined, JSON.stringify(errorOf(run.execution)));
			const upload = apiRequests(server, from).find((r) => r.path === '/v3/accounts/self/files');
			assert.equal(upload?.status, 200);
			const outbox = apiRequests(server, from).find((r) => r.path === '/v3/accounts/self/outbox');
			const stored = server.state.files[outbox.body.files[0]];
			// Send uploads the PDF the node wrote from its reading of the document.
			const written = await writtenPdf(pdf);
			assert.equal(stored.sha256, crypto.createHash('sha256').update(written).digest('hex'));
			assert.deepEqual(s.target.hits, []);
		});
	}

	if (enforcing) {
		await fetched(
			`from ${ALLOWED_HOST} (N8N_SSRF_ALLOWED_IP_RANGES) directly`,
			s.dep,
			`http://${ALLOWED_HOST}:${s.allowed.port}/doc.pdf`,
		);
		await fetched(
			`from ${ALLOWED_HOST} (N8N_SSRF_ALLOWED_IP_RANGES) through a redirect`,
			s.dep,
			redirectTo('/doc.pdf'),
		);
	} else {
		await fetched(
			`from ${ALLOWED_HOST} on the port Allowed Document Hosts lists`,
			s.listed,
			`http://${ALLOWED_HOST}:${s.allowed.port}/doc.pdf`,
		);
		await fetched(
			'from localhost, listed in Allowed Document Hosts',
			s.listed,
			`http://localhost:${s.listedServer.port}/doc.pdf`,
		);
	}
	await fetched(
		`from ${ALLOWED_HOST} by its IPv4-mapped form, listed in Allowed Document Hosts`,
		s.listed,
		`http://[::ffff:${ALLOWED_HOST}]:${s.allowed.port}/doc.pdf`,
	);

	await check(
		`hostile URLs (n8n ${s.n8n.version}): a download that trickles forever ends at Download Time Limit`,
		async () => {
			const from = server.requests.length;
			const hitsBefore = s.allowed.hits.length;
			const run = await s.listed.run({
				urls: `http://${ALLOWED_HOST}:${s.allowed.port}/trickle.pdf?token=s3cret`,
			});
			const error = errorOf(run.execution);
			assert.ok(error, 'the run did not fail');
			assert.equal(
				error.message,
				`Document URLs: http://${ALLOWED_HOST}:${s.allowed.port}/trickle.pdf did not arrive within the time limit of 3 seconds`,
			);
			assert.deepEqual(s.allowed.hits.slice(hitsBefore), ['GET /trickle.pdf?token=s3cret']);
			assert.deepEqual(apiRequests(server, from), [], 'something was sent to Fax.Plus');
		},
	);
	await s.n8n.deactivate(s.listed.id).catch(() => {});
	await s.n8n.deactivate(s.dep.id).catch(() => {});
};
// Both n8n lines: without n8n's filter the node checks addresses itself.
module.exports.n8nLines = [1, 2];
