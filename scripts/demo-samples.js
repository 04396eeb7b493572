'use strict';
// The demo's credentials and sample workflows, made in a running n8n against the local Fax.Plus
// server: used by `npm run demo` (scripts/demo.js) and by the browser test that runs them in the
// editor (test/n8n/browser/setup.test.js). n8n must allow the server's address
// (N8N_SSRF_ALLOWED_IP_RANGES), as docs/security.md tells an owner with an internal document server.

const crypto = require('node:crypto');

const ACTION = 'n8n-nodes-faxplus.faxPlus';
const TRIGGER = 'n8n-nodes-faxplus.faxPlusTrigger';

function node(name, type, position, parameters, extra = {}) {
	return { id: crypto.randomUUID(), name, type, typeVersion: 1, position, parameters, ...extra };
}

const link = (to) => ({ node: to, type: 'main', index: 0 });

/**
 * Connects an OAuth2 credential through n8n's own flow, as its Connect button does: n8n's
 * authorization URL, "Approve" on the local server's login page, n8n's callback, which fetches
 * the token. A credential the demo creates can then be used as it stands.
 */
async function connectOAuth2(n8n, credentialId) {
	const authorize = new URL(await n8n.rest('GET', `/oauth2-credential/auth?id=${credentialId}`));
	const form = new URLSearchParams(authorize.searchParams);
	form.set('decision', 'approve');
	const approved = await fetch(`${authorize.origin}${authorize.pathname}`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: form.toString(),
		redirect: 'manual',
	});
	const callback = approved.headers.get('location');
	if (
		approved.status !== 302 ||
		!callback?.startsWith(`${n8n.url}/rest/oauth2-credential/callback`)
	)
		throw new Error(`the local server did not approve the OAuth2 client (${approved.status})`);
	const back = await fetch(callback, {
		headers: { Cookie: n8n.cookie, 'browser-id': 'faxplus-e2e' },
		redirect: 'manual',
	});
	const page = await back.text();
	const saved = await n8n.rest('GET', `/credentials/${credentialId}?includeData=true`);
	if (!saved?.data?.oauthTokenData)
		throw new Error(
			`n8n's OAuth2 callback did not connect the credential (${back.status}: ${page.slice(0, 200)})`,
		);
}

/**
 * Creates the credentials (the personal access token, the signing secret, OAuth2 connected) and the
 * three sample workflows; publishes the trigger's and puts its endpoint's secret into the credential,
 * so the trigger verifies every delivery the local server signs for that endpoint.
 */
async function createDemoSamples(n8n, server) {
	const pat = await n8n.createCredential('Fax.Plus (local server)', 'faxPlusApi', {
		accessToken: server.tokens.pat,
		baseUrl: server.baseUrl,
	});
	// Saved empty, as README's set-up saves it: its endpoint does not exist yet. Any secret saved
	// now would be no endpoint's, and the trigger would log at activation that every delivery is
	// refused, which stops being true a second later.
	const secretCred = await n8n.createCredential(
		// Named for the one workflow whose endpoint's secret it holds: a new trigger needs its own.
		"Fax.Plus signing secret, for the 'on fax events' workflow only",
		'faxPlusWebhookSecretApi',
		{ secret: '' },
	);
	const patRef = { faxPlusApi: { id: pat.id, name: pat.name } };
	const oauth = await n8n.createCredential('Fax.Plus OAuth2 (local server)', 'faxPlusOAuth2Api', {
		clientId: server.tokens.clientId,
		clientSecret: server.tokens.clientSecret,
		authUrl: `${server.authUrl}/login`,
		accessTokenUrl: `${server.authUrl}/token`,
		baseUrl: server.baseUrl,
	});
	await connectOAuth2(n8n, oauth.id);

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
			// The OAuth2 credential, connected above, at work beside the token's.
			node(
				'Get Balance (OAuth2)',
				ACTION,
				[260, 200],
				{ authentication: 'oAuth2', resource: 'shop', operation: 'getBalance' },
				{ credentials: { faxPlusOAuth2Api: { id: oauth.id, name: oauth.name } } },
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
					faxId: { __rl: true, mode: 'id', value: 'fax_1' },
					binaryPropertyName: 'data',
				},
				{ credentials: patRef },
			),
		],
		connections: {
			"When clicking 'Execute workflow'": {
				main: [[link('Get Plan'), link('Get Balance (OAuth2)'), link('Download Thumbnail')]],
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
						// The workflow's author vouches for the internal document server (docs/security.md).
						allowedDocumentHosts: new URL(server.origin).host,
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
					// A number of its own: the editor's repeat guard answers a fax to a number faxed
					// minutes ago (Send From URL's) with that fax instead of sending.
					to: '+442079460018',
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
	const deadline = Date.now() + n8n.patient(30000);
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
	// Saved last: n8n's editor pre-selects the most recently saved credential of a new node's
	// types, all of them together (a trigger's signing secret included), and sets Authentication
	// to match. So a new Fax.Plus node or trigger starts with the access token, as README does,
	// and a new trigger's signing secret slot stays empty instead of holding this endpoint's secret.
	await n8n.updateCredential(pat.id, {
		name: pat.name,
		type: 'faxPlusApi',
		data: { accessToken: server.tokens.pat, baseUrl: server.baseUrl },
	});
	return { pat, secretCred, oauth, reader, sending, triggered, endpoint, webhookId };
}

/**
 * The request the demo's `curl` sends: the local server delivers a signed fax event to each
 * endpoint of its events, here the trigger's, and answers each delivery's attempts.
 */
function sampleDelivery(server) {
	const url = `${server.origin}/_control/deliver`;
	const body = { event: 'fax_received' };
	return {
		url,
		body,
		curl: `curl -s -X POST ${url} -H 'content-type: application/json' -d '${JSON.stringify(body)}'`,
	};
}

module.exports = { createDemoSamples, sampleDelivery };
