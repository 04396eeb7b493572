'use strict';
// `npm run demo`: the package in a real n8n against the local Fax.Plus-compatible
// server, ready to click through. It builds the package (scripts/demo-build.js: with
// the few tools the build needs, not the dev dependencies), starts the server and
// n8n (installed by scripts/n8n/install.sh on first use), creates a login, a
// credential pointing at the local server, an OAuth2 credential connected through
// n8n's own OAuth2 flow, and three sample workflows (one reads
// the plan, the balance and a thumbnail; one sends faxes from text, a URL and an
// earlier fax and reads the contacts and a number; one is started by fax events and is
// already active), then prints the editor URL, the login, the local server's
// Webhooks page, the folder n8n may read files from and how to make the server
// send a fax event. Ctrl-C stops everything. n8n is told what docs/security.md
// tells an owner with an internal document server: N8N_SSRF_ALLOWED_IP_RANGES for
// the local server's address, and the Send node's Allowed Document Hosts.
//
// Options (environment): DEMO_N8N_PORT (default 5678, or a free port),
// DEMO_SERVER_PORT (default 8787, or a free port), N8N_ECHO=1 to see n8n's log.
// `npm run demo -- --queue`: n8n in queue mode instead (scripts/n8n/queue.js: Postgres,
// Redis, main, worker, two webhook processors behind a balancer; free ports).

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const { startN8n, firstStartEstimate, DEFAULT_VERSION } = require('./n8n/n8n');
const { startQueue } = require('./n8n/queue');
const { createDemoSamples, sampleDelivery } = require('./demo-samples');

/** A first start's install and build, as users met it: downloads dominate, so the range is wide. */
const FIRST_START_ESTIMATE =
	'a few minutes on a quiet machine, up to half an hour on a busy machine or network (a line every 15 s)';

const queueMode = process.argv.includes('--queue');
const N8N_VERSION = process.env.N8N_VERSION || DEFAULT_VERSION;

/** Runs a step of the start (its output on this terminal); rejects when it fails. */
function runStep(name, [command, ...args], { stdout = 'inherit' } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', stdout, 'inherit'] });
		child.on('error', reject);
		child.on('exit', (code) =>
			code === 0 ? resolve() : reject(new Error(`${name} failed (exit ${code})`)),
		);
	});
}

function portIsFree(port) {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.once('error', () => resolve(false));
		srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
	});
}

async function pickPort(preferred) {
	return (await portIsFree(preferred)) ? preferred : 0;
}

const stoppers = [];
let stopping = false;
async function stopAll(code) {
	if (stopping) return;
	stopping = true;
	console.log('\nStopping n8n and the local Fax.Plus server...');
	for (const stop of stoppers.reverse()) {
		try {
			await stop();
		} catch (error) {
			console.error(`  could not stop cleanly: ${error.message}`);
		}
	}
	console.log('Stopped.');
	process.exit(code);
}

async function main() {
	process.on('SIGINT', () => stopAll(0));
	process.on('SIGTERM', () => stopAll(0));

	// The build and n8n's install (instant once done) side by side: the one is mostly a core's work,
	// the other mostly downloads.
	console.log(
		`Building the package while n8n ${N8N_VERSION} installs: at once where both are in place, otherwise ${FIRST_START_ESTIMATE}...`,
	);
	await Promise.all([
		runStep('the build', [process.execPath, path.join(__dirname, 'demo-build.js')]),
		runStep(
			'scripts/n8n/install.sh',
			['bash', path.join(__dirname, 'n8n/install.sh'), N8N_VERSION],
			{
				stdout: 'ignore',
			},
		),
	]);

	const { startFaxPlusServer } = require(path.join(ROOT, 'test/server'));
	const server = await startFaxPlusServer({
		port: await pickPort(Number(process.env.DEMO_SERVER_PORT || 8787)),
	});
	stoppers.push(() => server.close());

	// The local server's /_documents stand for an internal document server: n8n's allow list
	// lets nodes reach its address (docs/security.md, "Document URLs").
	const DOCUMENT_SERVER = { N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32' };

	// A fresh n8n user folder each time: the local server starts from its seed too.
	const userFolder = path.join(ROOT, '.n8n', 'demo');
	fs.rmSync(userFolder, { recursive: true, force: true });
	console.log(
		`Starting n8n: its first start in a new user folder creates its database, ${firstStartEstimate()}; a line every 15 s...`,
	);
	let n8n;
	// Each process may use a folder of its own: in queue mode the worker runs the trigger's runs.
	let filesDirs;
	if (queueMode) {
		const queue = await startQueue({ echo: process.env.N8N_ECHO === '1', env: DOCUMENT_SERVER });
		stoppers.push(() => queue.stop());
		n8n = queue.main; // its production webhook URLs are the balancer's
		filesDirs = `${queue.main.filesDir} (main), ${queue.worker.filesDir} (worker)`;
	} else {
		n8n = await startN8n({
			userFolder,
			port: await pickPort(Number(process.env.DEMO_N8N_PORT || 5678)),
			env: DOCUMENT_SERVER,
		});
		stoppers.push(() => n8n.stop());
		filesDirs = n8n.filesDir;
	}

	const { oauth, secretCred, reader, sending, triggered, endpoint } = await createDemoSamples(
		n8n,
		server,
	);

	const deliver = sampleDelivery(server).curl;
	console.log(`
Fax.Plus demo is running (n8n ${n8n.version}${queueMode ? ', queue mode: main, worker, two webhook processors behind a balancer' : ''}).

  n8n editor   ${n8n.url}
  login        ${n8n.login.email}  /  ${n8n.login.password}

  Workflows
    ${reader.name}
      ${n8n.url}/workflow/${reader.id}   (open it and click "Execute workflow")
    ${sending.name}
      ${n8n.url}/workflow/${sending.id}   (open it and click "Execute workflow"; run
      it again within 5 minutes and Send outputs the faxes queued before, duplicate: true)
    ${triggered.name}   (active)
      ${n8n.url}/workflow/${triggered.id}

  Local Fax.Plus server   ${server.baseUrl}
    its Integrations → Webhooks page: ${server.origin}/
      (each endpoint's URL, events and signing secret to copy, as README's trigger set-up
      step 4 asks; a button that makes a fax arrive, each delivery with the endpoint that
      answered it, the inbox and the outbox)
    credential "Fax.Plus (local server)" uses its personal access token;
    to create one yourself (README, "Credentials"): n8n → Credentials → Create → "Fax.Plus API", then paste
      Personal Access Token   ${server.tokens.pat}
      Base URL                ${server.baseUrl}
    (a token of this local server only; it opens nothing else)
    endpoint ${endpoint.id} delivers to ${endpoint.url};
      its signing secret is in credential "${secretCred.name}",
      saved there once the trigger registered the endpoint (n8n's log says it was empty at activation).
      A new Fax.Plus Trigger needs a credential of its own (one secret, one endpoint)

  OAuth2: credential "${oauth.name}" is connected (n8n's OAuth2 flow, approved on the
    local server's page); pick it in a Fax.Plus node's Credential list. To connect one yourself:
    Client ID ${server.tokens.clientId}, Client Secret ${server.tokens.clientSecret},
    Authorization URL ${server.authUrl}/login, Access Token URL ${server.authUrl}/token,
    Base URL ${server.baseUrl}, then "Connect" and "Approve". Make its access token expire,
    to see n8n refresh it:
    curl -s -X POST ${server.origin}/_control/tokens/expire -H 'content-type: application/json' -d '{}'

  Files: Read/Write Files from Disk may use this folder only (N8N_RESTRICT_FILE_ACCESS_TO):
    ${filesDirs}
  Document URLs: n8n may fetch from the local server's ${server.origin}/_documents/ (e.g. invoice.pdf),
    as docs/security.md tells an owner: N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32 for n8n, and
    the Send node's Allowed Document Hosts ${new URL(server.origin).host}.

  Make the server send a fax event to the active trigger, signed with endpoint ${endpoint.id}'s secret:
    ${deliver}
  The credential holds that secret, so the trigger verifies it and answers 200: the answer lists each
  attempt's status (or send "fax_sent", or use the "A fax arrives" button on ${server.origin}/; then see
  the workflow's Executions tab). Replay one with:
    curl -s -X POST ${server.origin}/_control/replay -H 'content-type: application/json' -d '{"webhookId":"<webhook-id from the answer>"}'

  n8n's log: ${path.join(n8n.userFolder, 'n8n.log')}${queueMode ? ' (worker, webhook processors: beside it)' : ''}
  Press Ctrl-C to stop everything.
`);
	if (process.env.DEMO_EXIT_WHEN_READY === '1') await stopAll(0);
	setInterval(() => {}, 1 << 30);
}

main().catch(async (error) => {
	console.error(`demo failed: ${error.stack || error.message}`);
	await stopAll(1);
});
