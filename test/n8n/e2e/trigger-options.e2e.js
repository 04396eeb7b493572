'use strict';
// The Fax.Plus Trigger with OAuth2 in a real n8n (trigger.e2e.js covers the access token):
//   A. the endpoint is registered and removed with the OAuth2 credential, every /webhooks call
//      carries the bearer and x-fax-clientid; a signed delivery runs once (with Download Fax
//      Document, so the delivery's download uses OAuth2 too).
//
// No fixed sleeps. n8n 2.x answers activation and deactivation and applies them afterwards
// (its publication outbox): deactivation stops routing the production URL at once and runs
// the trigger's delete() later. So each waits for the trigger's record in the workflow's
// static data, which n8n saves right after create() and right after delete().
// "Starts none" is proven with a fence delivery, as in trigger.e2e.js.
//
// Names, webhook ids and fax ids are unique; the local server is left as found (what this
// file registered there is removed, also after a failed check), and every workflow of this
// file is deactivated in `finally`.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const {
	credRef,
	outputOf,
	apiRequests,
	assertSuccess,
	thenReceived,
	triggerNode,
} = require('./lib');
const { oauthData } = require('./action.e2e');
const { waitFor } = require('../../support/checks');

const NODE = 'Fax.Plus Trigger';
const EVENTS = ['fax_received', 'fax_sent'];

const sorted = (list) => [...list].sort();

module.exports = async function triggerOptions(t) {
	const { check, n8n, server, ctx } = t;
	const tag = crypto.randomBytes(4).toString('hex');
	const created = { workflows: [], credentials: [] };

	const endpoints = () => Object.values(server.state.webhooks);
	// What was on the server before this file: left as it is, and restored to at the end.
	const before = { endpoints: endpoints().map((e) => e.id) };
	const myUrls = new Set();

	// ------------------------------------------------------------------ helpers

	/** A trigger (with a unique webhook id) → No Operation workflow; its production URL is known before activation. */
	async function triggerWorkflow(
		name,
		{ parameters, credentials, webhookId = crypto.randomUUID() },
	) {
		const productionUrl = n8n.webhookUrl(`${webhookId}/webhook`);
		myUrls.add(productionUrl);
		const wf = await n8n.importWorkflow({
			name: `e2e trigger options: ${name} (${tag})`,
			...thenReceived(triggerNode({ webhookId, parameters, credentials })),
		});
		created.workflows.push(wf.id);
		return { wf, webhookId, productionUrl, path: `${webhookId}/webhook` };
	}

	/** What the trigger recorded in its static data for the production URL (saved by n8n after activation). */
	async function registrationOf(w) {
		const wf = await n8n.getWorkflow(w.wf.id);
		let data = wf.staticData ?? {};
		if (typeof data === 'string') data = JSON.parse(data);
		return data[`node:${NODE}`]?.endpoints?.[w.productionUrl];
	}

	/** Activates and waits until n8n saved the trigger's endpoint ID and answers the production URL. */
	async function activate(w) {
		await n8n.activate(w.wf.id);
		const registration = await waitFor(
			async () => await registrationOf(w),
			"the trigger's endpoint ID in the workflow's static data",
		);
		await n8n.waitForWebhook(w.path);
		return registration;
	}

	/**
	 * Deactivates and waits until the trigger's delete() has run: n8n 2.x answers the
	 * deactivation at once and tears the trigger down afterwards (it stops routing the
	 * production URL first, then calls delete(), then saves the static data delete() changed).
	 */
	async function deactivate(w) {
		const from = server.requests.length;
		await n8n.deactivate(w.wf.id);
		try {
			await waitFor(
				async () => (await registrationOf(w)) === undefined,
				"the trigger's registration to leave the static data",
			);
		} catch (error) {
			error.message += ` (requests: ${fmt(apiRequests(server, from))}; left: ${JSON.stringify(await registrationOf(w))})`;
			throw error;
		}
		const res = await fetch(w.productionUrl, { method: 'GET' });
		assert.equal(res.status, 404, 'n8n still answers the production URL');
		assert.match(await res.text(), /The requested webhook/i);
	}

	/** Delivers to exactly one endpoint or hook; asserts the last answer's status; returns the result. */
	async function deliverTo(id, opts, expectStatus) {
		const results = await server.deliver({ ...opts, onlyEndpointId: id });
		assert.equal(results.length, 1, `deliveries: ${JSON.stringify(results)}`);
		const [res] = results;
		if (expectStatus !== undefined)
			assert.equal(
				res.attempts.at(-1).status,
				expectStatus,
				`answers ${JSON.stringify(res.attempts)}`,
			);
		return res;
	}

	/** Waits for exactly `n` executions; returns them, oldest first. */
	async function executions(w, n) {
		const list = await n8n.waitForExecutions(w.wf.id, n);
		assert.equal(list.length, n, `expected ${n} executions, have ${list.length}`);
		return list;
	}

	/** The current API's /webhooks calls among the requests from index `from`. */
	const webhookCalls = (from) =>
		apiRequests(server, from).filter(
			(r) => r.path === '/v3/webhooks' || r.path.startsWith('/v3/webhooks/'),
		);
	const fmt = (reqs) => reqs.map((r) => `${r.method} ${r.path} ${r.status}`).join(', ') || 'none';

	async function patCredential() {
		if (ctx.patCredential) return ctx.patCredential;
		const cred = await n8n.createCredential(
			`Fax.Plus PAT (trigger options e2e ${tag})`,
			'faxPlusApi',
			{
				accessToken: server.tokens.pat,
				baseUrl: server.baseUrl,
			},
		);
		created.credentials.push(cred.id);
		return cred;
	}

	async function secretCredential(name, secret) {
		const cred = await n8n.createCredential(
			`Fax.Plus signing secret (trigger options e2e, ${name} ${tag})`,
			'faxPlusWebhookSecretApi',
			{
				secret: secret ?? `whsec_${crypto.randomBytes(24).toString('base64')}`,
			},
		);
		created.credentials.push(cred.id);
		return cred;
	}

	/** Removes what this file registered at the server for a URL (the server as it was before). */
	function purge(url) {
		for (const e of endpoints())
			if (!before.endpoints.includes(e.id) && e.url === url) delete server.state.webhooks[e.id];
	}

	/** The end of a section, also a failed one: its workflow inactive, nothing of it left at the server for the next. */
	async function settle(url, w) {
		if (w) await n8n.deactivate(w.wf.id).catch(() => {});
		if (url) purge(url);
	}

	try {
		// ================================================================ A. OAuth2
		const a = {};
		try {
			await check(
				'trigger options (OAuth2): a trigger workflow with an OAuth2 credential (token data) at the local server',
				async () => {
					a.oauth = await n8n.createCredential(
						`Fax.Plus OAuth2 (trigger options e2e ${tag})`,
						'faxPlusOAuth2Api',
						oauthData(server, server.tokens.oauthAccessToken),
					);
					created.credentials.push(a.oauth.id);
					a.secretCred = await secretCredential('OAuth2');
					a.w = await triggerWorkflow('OAuth2', {
						parameters: {
							authentication: 'oAuth2',
							events: EVENTS,
							options: { downloadDocument: true },
						},
						credentials: {
							...credRef('faxPlusOAuth2Api', a.oauth),
							...credRef('faxPlusWebhookSecretApi', a.secretCred),
						},
					});
				},
			);

			if (a.w) {
				await check(
					'trigger options (OAuth2): activation registers exactly one endpoint, every /webhooks call with the bearer and x-fax-clientid',
					async () => {
						a.from = server.requests.length;
						// Compared with the endpoints just before: an earlier file's late deletion is not this one's.
						a.endpointsBefore = endpoints().map((e) => e.id);
						const endpointId = await activate(a.w);
						const mine = endpoints().filter((e) => e.url === a.w.productionUrl);
						assert.equal(mine.length, 1, `endpoints: ${JSON.stringify(mine)}`);
						assert.equal(endpointId, mine[0].id);
						assert.deepEqual(sorted(mine[0].filter_types), sorted(EVENTS));
						assert.equal(mine[0].channels, null);
						assert.equal(
							endpoints().length,
							a.endpointsBefore.length + 1,
							'another endpoint was created or removed',
						);
						a.endpointId = mine[0].id;

						const calls = webhookCalls(a.from);
						assert.ok(
							calls.some(
								(r) => r.method === 'POST' && r.path === '/v3/webhooks' && r.status === 201,
							),
							`no create: ${fmt(calls)}`,
						);
						for (const r of calls) {
							assert.equal(
								r.headers.authorization,
								`Bearer ${server.tokens.oauthAccessToken}`,
								`${r.method} ${r.path}: not the OAuth bearer`,
							);
							assert.equal(
								r.headers['x-fax-clientid'],
								server.tokens.clientId,
								`${r.method} ${r.path}: x-fax-clientid`,
							);
							assert.ok(
								r.status >= 200 && r.status < 300,
								`${r.method} ${r.path} answered ${r.status}`,
							);
						}
						t.log(`activation: ${fmt(calls)}`);
						// The endpoint's secret, as the user copies it from Fax.Plus.
						await n8n.updateCredential(a.secretCred.id, {
							name: a.secretCred.name,
							type: 'faxPlusWebhookSecretApi',
							data: { secret: server.getEndpointSecret(a.endpointId) },
						});
					},
				);
			}

			if (a.endpointId) {
				await check(
					'trigger options (OAuth2): a signed delivery starts one execution; its document is downloaded with OAuth2',
					async () => {
						const faxId = `fax_options_oauth_${tag}`;
						const from = server.requests.length;
						const res = await deliverTo(
							a.endpointId,
							{
								event: 'fax_received',
								data: { id: faxId, from: '+4930123456', to: '+15551230001' },
							},
							200,
						);
						const [exec] = await executions(a.w, 1);
						assertSuccess(exec);
						const [item] = outputOf(exec, NODE) ?? [];
						assert.ok(item, `no output of ${NODE}`);
						assert.equal(item.json.event, 'fax_received');
						assert.equal(item.json.webhookId, res.webhookId);
						assert.equal(item.json.signatureVerified, true);
						assert.equal(item.json.faxId, faxId);
						assert.equal(
							item.json.documentError,
							undefined,
							`documentError: ${item.json.documentError}`,
						);
						assert.equal(item.binary?.data?.fileName, `${faxId}.pdf`);
						assert.equal(outputOf(exec, 'Received')?.length, 1, 'the next node did not run');
						// Downloaded for the fax's user (data.uid of the delivery).
						const downloads = apiRequests(server, from).filter(
							(r) => r.method === 'GET' && r.path.endsWith(`/files/${faxId}`),
						);
						assert.equal(downloads.length, 1, `downloads: ${fmt(apiRequests(server, from))}`);
						assert.equal(downloads[0].status, 200);
						assert.equal(
							downloads[0].headers.authorization,
							`Bearer ${server.tokens.oauthAccessToken}`,
						);
						assert.equal(downloads[0].headers['x-fax-clientid'], server.tokens.clientId);
					},
				);

				await check(
					'trigger options (OAuth2): deactivation deletes the endpoint with OAuth2 (none left)',
					async () => {
						const from = server.requests.length;
						await deactivate(a.w);
						assert.deepEqual(
							endpoints().filter((e) => e.url === a.w.productionUrl),
							[],
						);
						assert.deepEqual(sorted(endpoints().map((e) => e.id)), sorted(a.endpointsBefore));
						const calls = webhookCalls(from);
						const deletes = calls.filter((r) => r.method === 'DELETE');
						assert.equal(deletes.length, 1, `calls: ${fmt(calls)}`);
						assert.equal(deletes[0].path, `/v3/webhooks/${a.endpointId}`);
						for (const r of [...calls, ...webhookCalls(a.from)]) {
							assert.equal(
								r.headers.authorization,
								`Bearer ${server.tokens.oauthAccessToken}`,
								`${r.method} ${r.path}: not the OAuth bearer`,
							);
							assert.equal(
								r.headers['x-fax-clientid'],
								server.tokens.clientId,
								`${r.method} ${r.path}: x-fax-clientid`,
							);
						}
					},
				);
			}
		} finally {
			await settle(a.w?.productionUrl, a.w);
		}
	} finally {
		// Also after a failed check: nothing of this file stays active, stored or registered.
		for (const id of created.workflows) await n8n.deactivate(id).catch(() => {});
		for (const id of created.credentials) await n8n.deleteCredential(id).catch(() => {});
		for (const url of myUrls) purge(url);
	}
};
// Both n8n lines: the trigger's lifecycle (OAuth2, Download Fax Document) differs on 1.x.
module.exports.n8nLines = [1, 2];
