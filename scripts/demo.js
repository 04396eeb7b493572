'use strict';
// `npm run demo`: the package in a real n8n against the local Fax.Plus-compatible
// server, ready to click through. It builds the package, starts the server and
// n8n (installed by scripts/n8n/install.sh on first use), creates a login, a
// credential pointing at the local server, an OAuth2 credential to connect in the
// editor, and three sample workflows (one reads
// the plan, the balance and a thumbnail; one sends faxes from text, a URL and an
// earlier fax and reads the contacts and a number; one is started by fax events and is
// already active), then prints the editor URL, the login and how to make the
// server send a fax event. Ctrl-C stops everything.
//
// Options (environment): DEMO_N8N_PORT (default 5678, or a free port),
// DEMO_SERVER_PORT (default 8787, or a free port), N8N_ECHO=1 to see n8n's log.
// `npm run demo -- --queue`: n8n in queue mode instead (scripts/n8n/queue.js: Postgres,
// Redis, main, worker, two webhook processors behind a balancer; free ports).

const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const { startN8n } = require('./n8n/n8n');
const { startQueue } = require('./n8n/queue');

const queueMode = process.argv.includes('--queue');

const ACTION = 'n8n-nodes-faxplus.faxPlus';
const TRIGGER = 'n8n-nodes-faxplus.faxPlusTrigger';

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

function node(name, type, position, parameters, extra = {}) {
	return { id: crypto.randomUUID(), name, type, typeVersion: 1, position, parameters, ...extra };
}

const link = (to) => ({ node: to, type: 'main', index: 0 });

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

	console.log('Building the package (npm run build)...');
	const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
	if (build.status !== 0) throw new Error('npm run build failed');

	const { startFaxPlusServer } = require(path.join(ROOT, 'test/server'));
	const server = await startFaxPlusServer({
		port: await pickPort(Number(process.env.DEMO_SERVER_PORT || 8787)),
	});
	stoppers.push(() => server.close());

	// A fresh n8n user folder each time: the local server starts from its seed too.
	const userFolder = path.join(ROOT, '.n8n', 'demo');
	fs.rmSync(userFolder, { recursive: true, force: true });
	console.log('Starting n8n (the first start installs it: a few minutes)...');
	let n8n;
	if (queueMode) {
		const queue = await startQueue({ echo: process.env.N8N_ECHO === '1' });
		stoppers.push(() => queue.stop());
		n8n = queue.main; // its production webhook URLs are the balancer's
	} else {
		n8n = await startN8n({
			userFolder,
			port: await pickPort(Number(process.env.DEMO_N8N_PORT || 5678)),
		});
		stoppers.push(() => n8n.stop());
	}

	const pat = await n8n.createCredential('Fax.Plus (local server)', 'faxPlusApi', {
		accessToken: server.tokens.pat,
		baseUrl: server.baseUrl,
	});
	const secretCred = await n8n.createCredential(
		'Fax.Plus signing secret (local server)',
		'faxPlusWebhookSecretApi',
		{
			secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
		},
	);
	const patRef = { faxPlusApi: { id: pat.id, name: pat.name } };
	// Not connected yet: the user connects it in the credential dialog, as with Fax.Plus.
	const oauth = await n8n.createCredential('Fax.Plus OAuth2 (local server)', 'faxPlusOAuth2Api', {
		clientId: server.tokens.clientId,
		clientSecret: server.tokens.clientSecret,
		authUrl: `${server.authUrl}/login`,
		accessTokenUrl: `${server.authUrl}/token`,
		baseUrl: server.baseUrl,
	});

	const reader = await n8n.importWorkflow({
		name: 'Fax.Plus demo: plan, balance and thumbnail',
		nodes: [
			node("When clicking 'Execute workflow'", 'n8n-nodes-base.manualTrigger', [0, 200], {}),
			node(
				'Get Plan',
				ACTION,
				[260, 0],
				{
					authentication: 'accessToken',
					resource: 'account',
					operation: 'getPlan',
					userId: 'self',
				},
				{ credentials: patRef },
			),
			node(
				'Get Balance',
				ACTION,
				[260, 200],
				{ authentication: 'accessToken', resource: 'shop', operation: 'getBalance' },
				{ credentials: patRef },
			),
			node(
				'Download Thumbnail',
				ACTION,
				[260, 400],
				{
					authentication: 'accessToken',
					resource: 'fax',
					operation: 'downloadThumbnail',
					userId: 'self',
					faxId: 'fax_1',
					binaryPropertyName: 'data',
				},
				{ credentials: patRef },
			),
		],
		connections: {
			"When clicking 'Execute workflow'": {
				main: [[link('Get Plan'), link('Get Balance'), link('Download Thumbnail')]],
			},
		},
	});

	// Sending from text, from a URL (the local server's /_documents stand in for a web server) and
	// from an existing fax, and the contacts and a number: every node runs against the local server.
	const sender = { __rl: true, mode: 'number', value: '+15551230001' };
	const sending = await n8n.importWorkflow({
		name: 'Fax.Plus demo: send from text, a URL or a fax; contacts; a number',
		nodes: [
			node("When clicking 'Execute workflow'", 'n8n-nodes-base.manualTrigger', [0, 300], {}),
			node(
				'Send Text',
				ACTION,
				[260, 0],
				{
					authentication: 'accessToken',
					resource: 'fax',
					operation: 'send',
					userId: 'self',
					from: sender,
					to: '+4930123456',
					documentSource: 'text',
					documentText: 'Dear Berlin Clinic,\nthe results are ready.\nAda',
					options: {
						coverPage: { nameTo: 'Berlin Clinic', subject: 'Results', flags: ['urgent'] },
					},
				},
				{ credentials: patRef },
			),
			node(
				'Send From URL',
				ACTION,
				[260, 150],
				{
					authentication: 'accessToken',
					resource: 'fax',
					operation: 'send',
					userId: 'self',
					from: sender,
					to: '+33144556677, +12125550199',
					documentSource: 'url',
					documentUrls: `${server.origin}/_documents/invoice.pdf`,
					options: {
						sendTime: '2030-01-15T09:30:00Z',
						comment: 'Invoice 42',
						commentTags: 'invoices',
					},
				},
				{ credentials: patRef },
			),
			node(
				'Forward Fax',
				ACTION,
				[260, 300],
				{
					authentication: 'accessToken',
					resource: 'fax',
					operation: 'send',
					userId: 'self',
					from: sender,
					to: '+12125550199',
					documentSource: 'fax',
					fromFax: { __rl: true, mode: 'id', value: 'fax_1' },
					options: { enhancement: false },
				},
				{ credentials: patRef },
			),
			node(
				'Get Contacts',
				ACTION,
				[260, 450],
				{
					authentication: 'accessToken',
					resource: 'contact',
					operation: 'getAll',
					userId: 'self',
					returnAll: true,
				},
				{ credentials: patRef },
			),
			node(
				'Get Number',
				ACTION,
				[260, 600],
				{
					authentication: 'accessToken',
					resource: 'number',
					operation: 'get',
					userId: 'self',
					number: { __rl: true, mode: 'list', value: '+15551230003' },
				},
				{ credentials: patRef },
			),
		],
		connections: {
			"When clicking 'Execute workflow'": {
				main: [
					[
						link('Send Text'),
						link('Send From URL'),
						link('Forward Fax'),
						link('Get Contacts'),
						link('Get Number'),
					],
				],
			},
		},
	});

	const webhookId = crypto.randomUUID();
	const triggered = await n8n.importWorkflow({
		name: 'Fax.Plus demo: on fax events',
		nodes: [
			node(
				'Fax.Plus Trigger',
				TRIGGER,
				[0, 0],
				{
					authentication: 'accessToken',
					events: ['fax_received', 'fax_sent'],
					channels: '',
					options: {},
				},
				{
					webhookId,
					credentials: {
						...patRef,
						faxPlusWebhookSecretApi: { id: secretCred.id, name: secretCred.name },
					},
				},
			),
			node('Handle the fax', 'n8n-nodes-base.noOp', [260, 0], {}),
		],
		connections: { 'Fax.Plus Trigger': { main: [[link('Handle the fax')]] } },
	});
	await n8n.activate(triggered.id);
	// The trigger registered an endpoint at the server; its secret goes into the credential,
	// as a user copies it from Fax.Plus → Integrations → Webhooks.
	const deadline = Date.now() + 30000;
	let endpoint;
	while (
		!(endpoint = Object.values(server.state.webhooks).find((e) => e.url.includes(webhookId)))
	) {
		if (Date.now() > deadline)
			throw new Error('the trigger registered no endpoint at the local server');
		await new Promise((r) => setTimeout(r, 100));
	}
	await n8n.updateCredential(secretCred.id, {
		name: secretCred.name,
		type: 'faxPlusWebhookSecretApi',
		data: { secret: server.getEndpointSecret(endpoint.id) },
	});
	await n8n.waitForWebhook(`${webhookId}/webhook`);

	const deliver = `curl -s -X POST ${server.origin}/_control/deliver -H 'content-type: application/json' -d '{"event":"fax_received"}'`;
	console.log(`
Fax.Plus demo is running (n8n ${n8n.version}${queueMode ? ', queue mode: main, worker, two webhook processors behind a balancer' : ''}).

  n8n editor   ${n8n.url}
  login        ${n8n.login.email}  /  ${n8n.login.password}

  Workflows
    ${reader.name}
      ${n8n.url}/workflow/${reader.id}   (open it and click "Execute workflow")
    ${sending.name}
      ${n8n.url}/workflow/${sending.id}   (open it and click "Execute workflow")
    ${triggered.name}   (active)
      ${n8n.url}/workflow/${triggered.id}

  Local Fax.Plus server   ${server.baseUrl}
    credential "Fax.Plus (local server)" uses its personal access token;
    to create one yourself (README, "Credentials"): n8n → Credentials → Create → "Fax.Plus API", then paste
      Personal Access Token   ${server.tokens.pat}
      Base URL                ${server.baseUrl}
    (a token of this local server only; it opens nothing else)
    endpoint ${endpoint.id} delivers to ${endpoint.url}

  OAuth2: credential "${oauth.name}" is not connected yet
    ${n8n.url}/home/credentials/${oauth.id}
    open it, press "Connect" and "Approve" on the local server's page (its client accepts
    n8n's redirect URL ${n8n.url}/rest/oauth2-credential/callback); then pick it in a Fax.Plus
    node's credential list. Make its access token expire, to see n8n refresh it:
    curl -s -X POST ${server.origin}/_control/tokens/expire -H 'content-type: application/json' -d '{}'

  Make the server send a signed fax event to the active trigger:
    ${deliver}
  (or "fax_sent"; then see the workflow's Executions tab). Replay one with:
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
