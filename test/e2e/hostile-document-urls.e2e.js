'use strict';
// Send with Document Source "URLs" against addresses an attacker would pick, in a real n8n 2.x of
// its own whose only allow list is N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.2/32 (the suite's shared n8n
// allows 127.0.0.1 for the local server's documents; n8n 1.x has no allow list, so there the
// suite's n8n serves). Each case is refused: nothing reaches the counting target (127.0.0.1 and [::1] on one port: where 0.0.0.0 and [::] lead), nothing is
// uploaded to Fax.Plus, and the query (a secret) is not in the error. Positive controls fetch from
// the allowed 127.0.0.2, directly, by a redirect and by an IPv4-mapped form.
// n8n 1.x has no egress filter and gives nodes no resolver: there the node checks IP literals with
// the same ranges, fetches a host name only when the option Allowed Document Hosts lists it, and
// follows no unchecked redirect; a second workflow lists hosts, one with its port (positive
// controls on 1.x; another port of that host is refused on both lines; on 2.x the list never lets
// an internal address through). Each download ends at its time limit.

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
	loopbackAlias,
} = require('./lib');
const { makePdf } = require(path.join(__dirname, '../server/media'));
const { sendParameters } = require('../support/send-parameters');
const { startN8n } = require(path.join(__dirname, '../../scripts/n8n/n8n.js'));

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
			// n8n 1.x has no egress filter and ignores the allow list: there the suite's n8n serves.
			if (Number(String(t.n8n.version).split('.')[0]) >= 2) {
				s.n8n = await startN8n({ env: { N8N_SSRF_ALLOWED_IP_RANGES: `${ALLOWED_HOST}/32` } });
				started.push(s.n8n);
			} else s.n8n = t.n8n;
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
									allowedDocumentHosts: `localhost, ${ALLOWED_HOST}:${s.allowed.port}`,
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
	const filtered = s.major >= 2;
	const redirectTo = (to) =>
		`http://${ALLOWED_HOST}:${s.allowed.port}/redirect?to=${encodeURIComponent(to)}&token=s3cret`;
	const internal = /is an internal address n8n does not let this node reach/;
	const literal = [
		['127.0.0.1', `http://127.0.0.1:${port}/doc.pdf?token=s3cret`],
		['localhost', `http://localhost:${port}/doc.pdf?token=s3cret`],
		['decimal 2130706433', `http://2130706433:${port}/doc.pdf?token=s3cret`],
		['hexadecimal 0x7f000001', `http://0x7f000001:${port}/doc.pdf?token=s3cret`],
		['IPv4-mapped [::ffff:127.0.0.1]', `http://[::ffff:127.0.0.1]:${port}/doc.pdf?token=s3cret`],
		['IPv6 loopback [::1]', `http://[::1]:${port}/doc.pdf?token=s3cret`],
		['the unspecified [::] (it leads to [::1])', `http://[::]:${port}/doc.pdf?token=s3cret`],
		['[::] expanded', `http://[0:0:0:0:0:0:0:0]:${port}/doc.pdf?token=s3cret`],
		['0.0.0.0 (it leads to 127.0.0.1)', `http://0.0.0.0:${port}/doc.pdf?token=s3cret`],
		['[::ffff:0.0.0.0]', `http://[::ffff:0.0.0.0]:${port}/doc.pdf?token=s3cret`],
		['IPv4-compatible [::127.0.0.1]', `http://[::127.0.0.1]:${port}/doc.pdf?token=s3cret`],
		['NAT64 [64:ff9b::7f00:1]', `http://[64:ff9b::7f00:1]:${port}/doc.pdf?token=s3cret`],
		['6to4 [2002:a9fe:a9fe::1]', 'http://[2002:a9fe:a9fe::1]/latest/meta-data/?token=s3cret'],
		['metadata 169.254.169.254', 'http://169.254.169.254/latest/meta-data/?token=s3cret'],
		['carrier-grade NAT 100.100.100.200', 'http://100.100.100.200/latest/meta-data/?token=s3cret'],
		['private 10.0.0.0/8', 'http://10.1.2.3/doc.pdf?token=s3cret'],
		['private 172.16.0.0/12', 'http://172.16.0.9/doc.pdf?token=s3cret'],
		['private 192.168.0.0/16', 'http://192.168.0.9/doc.pdf?token=s3cret'],
	];
	// On n8n 1.x the first hop (127.0.0.2) is itself refused: no allow lists there.
	const redirects = filtered
		? [
				['a redirect to 127.0.0.1', redirectTo(`http://127.0.0.1:${port}/doc.pdf`)],
				['a redirect to localhost', redirectTo(`http://localhost:${port}/doc.pdf`)],
				['a redirect to [::]', redirectTo(`http://[::]:${port}/doc.pdf`)],
			]
		: [];
	// A name that is not loopback by its spelling but resolves to 127.0.0.1 (this machine's host
	// name, where it does): n8n 2.x's lookup finds loopback; n8n 1.x cannot look and refuses it.
	const named = s.alias
		? [[`the host name ${s.alias} (127.0.0.1)`, `http://${s.alias}:${port}/doc.pdf?token=s3cret`]]
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

	for (const [name, url] of [...literal, ...redirects]) {
		await refused(
			name,
			s.dep,
			url,
			internal,
			filtered ? /N8N_SSRF_ALLOWED_IP_RANGES/ : /Allowed Document Hosts/,
		);
	}
	for (const [name, url] of named) {
		await refused(
			name,
			s.dep,
			url,
			filtered ? internal : /names a host that n8n 1\.x cannot check/,
			/Allowed Document Hosts|N8N_SSRF_ALLOWED/,
		);
	}
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
	if (filtered) {
		// On n8n 2.x the node's list narrows n8n's rules and never widens them.
		await refused(
			'localhost although Allowed Document Hosts lists it (n8n 2.x)',
			s.listed,
			`http://localhost:${s.listedServer.port}/doc.pdf?token=s3cret`,
			internal,
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
			assert.equal(stored.sha256, crypto.createHash('sha256').update(pdf).digest('hex'));
			assert.deepEqual(s.target.hits, []);
		});
	}

	if (filtered) {
		await fetched(
			`from the allowed ${ALLOWED_HOST} directly`,
			s.dep,
			`http://${ALLOWED_HOST}:${s.allowed.port}/doc.pdf`,
		);
		await fetched(
			`from the allowed ${ALLOWED_HOST} through a redirect`,
			s.dep,
			redirectTo('/doc.pdf'),
		);
		await fetched(
			`from the allowed ${ALLOWED_HOST} by its IPv4-mapped form`,
			s.dep,
			`http://[::ffff:${ALLOWED_HOST}]:${s.allowed.port}/doc.pdf`,
		);
	} else {
		await fetched(
			`from ${ALLOWED_HOST} on the port Allowed Document Hosts lists (n8n 1.x)`,
			s.listed,
			`http://${ALLOWED_HOST}:${s.allowed.port}/doc.pdf`,
		);
		await fetched(
			'from localhost, listed in Allowed Document Hosts (n8n 1.x)',
			s.listed,
			`http://localhost:${s.listedServer.port}/doc.pdf`,
		);
	}

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
// Both n8n lines: n8n 1.x has no egress filter: the node checks addresses itself.
module.exports.n8nLines = [1, 2];
